import { bearer, createTestContext, type TestContext } from '../test/harness';

// "Load sample data" is offered on an empty system only, and two loads at once load it once.

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
});
afterAll(() => t.close());

const load = () => t.app.inject({ method: 'POST', url: '/api/import/sample-data', headers: bearer(admin) });
const imports = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM imports'))[0].n;

describe('POST /api/import/sample-data', () => {
  it('of two loads at the same moment, loads once and refuses the other with a clear message', async () => {
    const answers = await Promise.all([load(), load()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toEqual({
      success: false,
      error: 'Data has already been imported; sample data is only offered on an empty system',
      code: 'data_already_imported',
    });
    // The four sample files (the leads last), once each.
    expect(await imports()).toBe(4);
  });

  it('refuses once anything has been imported, and changes nothing', async () => {
    const before = await imports();
    expect((await load()).statusCode).toBe(409);
    expect(await imports()).toBe(before);
  });
});
