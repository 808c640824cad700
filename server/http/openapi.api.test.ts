import { ALL_ENDPOINTS } from '../../common/api';
import { ERROR_CODE_LIST } from '../../common/api/error-codes';
import { ROLES } from '../../common/roles';
import { bearer, createTestContext, type TestContext } from '../test/harness';

// The API document at /api/docs/json says who may call each operation, as the guard decides it
// (server/http/openapi-access.ts).

interface JsonSchema {
  required?: string[];
  properties?: Record<string, { enum?: string[] }>;
}
interface Operation {
  description?: string;
  security?: unknown[];
  'x-access'?: string;
  'x-roles'?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface Document {
  security: unknown[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestContext;
let doc: Document;
let provider: string;
beforeAll(async () => {
  t = await createTestContext();
  await t.createUser('doc-reader', 'provider');
  provider = await t.login('doc-reader', 'secret123');
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );

describe('the OpenAPI document', () => {
  it('asks for a bearer token everywhere but the public operations', () => {
    expect(doc.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
    expect(doc.security).toEqual([{ bearer: [] }]);
    const open = operations()
      .filter(({ op }) => op.security !== undefined)
      .map(({ key, op }) => {
        expect(op.security, key).toEqual([]);
        expect(op['x-access'], key).toBe('public');
        return key;
      });
    expect(open.sort()).toEqual([
      'GET /api/health',
      'POST /api/auth/login',
      'POST /api/auth/login/mfa',
      'POST /api/auth/login/passkey',
      'POST /api/auth/login/passkey/options',
      'POST /api/auth/request-password-reset',
      'POST /api/auth/reset-password',
    ]);
  });

  it('names the roles of every operation, as its endpoint declares them', () => {
    const byKey = new Map(operations().map(({ key, op }) => [key, op]));
    for (const e of ALL_ENDPOINTS) {
      const key = `${e.method} ${openApiPath(e.path)}`;
      const op = byKey.get(key);
      expect(op, key).toBeDefined();
      const roles = e.access === 'public' ? [] : e.access === 'signed-in' ? [...ROLES] : [...e.access.roles];
      expect(op?.['x-roles'], key).toEqual(roles);
      expect(op?.description, key).toMatch(
        e.access === 'public' ? /^Public: no sign-in needed\./ : new RegExp(`^Roles: .*${roles.join(', ')}`),
      );
    }
    expect(byKey.get('POST /api/auth/logout')?.['x-roles']).toEqual([
      'provider',
      'coordinator',
      'manager',
      'admin',
    ]);
    expect(byKey.get('POST /api/auth/register')?.['x-roles']).toEqual(['admin']);
    expect(byKey.get('POST /api/import/raw-data')?.['x-roles']).toEqual(['manager', 'admin']);
  });

  it('gives every operation the error body: its words and a code among those declared', () => {
    for (const { key, op } of operations()) {
      for (const range of ['4XX', '5XX']) {
        const schema = op.responses?.[range]?.content?.['application/json']?.schema;
        expect(schema?.required, `${key} ${range}`).toEqual(['success', 'error', 'code']);
        expect(schema?.properties?.code.enum, `${key} ${range}`).toEqual(ERROR_CODE_LIST);
        expect(Object.keys(schema?.properties ?? {}), `${key} ${range}`).toContain('field');
      }
    }
  });

  it('is what the guard does: a role left out is refused', async () => {
    const refused = operations().filter(
      ({ op }) => op['x-access'] === 'roles' && !op['x-roles']?.includes('provider'),
    );
    expect(refused.length).toBeGreaterThan(5);
    for (const { key } of refused) {
      const [method, path] = key.split(' ');
      // The guard answers before the body is read, so nothing is changed.
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/\{\w+\}/g, '1'),
        headers: bearer(provider),
      });
      expect(res.statusCode, key).toBe(403);
    }
  });
});
