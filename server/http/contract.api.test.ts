import { ALL_ENDPOINTS } from '../../common/api';
import { createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the API contract (common/api)', () => {
  it('declares every route the server registers, and the server registers every endpoint it declares', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(spec.paths)
      .filter(([path]) => !path.startsWith('/api/docs'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const declared = ALL_ENDPOINTS.map((e) => `${e.method} ${openApiPath(e.path)}`).sort();
    expect(registered).toEqual(declared);
    expect(new Set(declared).size).toBe(declared.length);
  });
});
