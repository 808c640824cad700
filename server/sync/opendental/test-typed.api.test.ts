// POST /api/sync/opendental/test with the settings as typed in the form, before they are saved:
// a blank password means the saved one, as Save takes it; the saved settings do not change; the
// password is in no answer and no log line.

import { fakeOpendental } from '../../test/fake-opendental';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../../test/harness';

const SAVED_PASSWORD = 'Saved-Secret-51d0';
const TYPED_PASSWORD = 'Typed-Secret-8e2b';
const URL_ = '/api/sync/opendental';

const fake = fakeOpendental();
const logLines: string[] = [];
const answers: string[] = [];
let t: TestContext;
let admin: string;

async function call(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, app = t.app) {
  const res = await app.inject({ method, url, payload, headers: bearer(admin) });
  answers.push(res.body);
  return res;
}
const typed = { host: '10.0.0.7', port: '3307', database: 'od_typed', user: 'typist' };

beforeAll(async () => {
  t = await createTestContext({}, { opendental: fake, logLines });
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());
beforeEach(() => {
  fake.seen.length = 0;
});

describe('before anything is saved', () => {
  it('tests the typed settings, with the typed password', async () => {
    const res = await call('POST', `${URL_}/test`, { ...typed, password: TYPED_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.seen).toMatchObject([
      {
        what: 'probe',
        conn: {
          host: '10.0.0.7',
          port: 3307,
          database: 'od_typed',
          user: 'typist',
          password: TYPED_PASSWORD,
        },
      },
    ]);
    expect((await call('GET', URL_)).json()).toMatchObject({ configured: false, host: null });
  });

  it('takes the defaults of Save for what is left out', async () => {
    expect((await call('POST', `${URL_}/test`, { host: 'od-server', user: 'reader' })).statusCode).toBe(200);
    expect(fake.seen[0].conn).toEqual({
      host: 'od-server',
      port: 3306,
      database: 'opendental',
      user: 'reader',
      password: '',
    });
  });

  it('refuses what Save refuses, with the same 400', async () => {
    for (const [body, error] of [
      [{ ...typed, host: '127.0.0.1:22' }, /^host must be a host name or an IP address/],
      [{ ...typed, host: undefined }, /^host is required$/],
      [{ ...typed, port: '0' }, /^port must be a whole number/],
      [{ ...typed, user: undefined }, /^user is required$/],
    ] as const) {
      const res = await call('POST', `${URL_}/test`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    expect(fake.seen).toEqual([]);
  });
});

describe('with a connection saved', () => {
  beforeAll(async () => {
    const saved = { host: 'od-saved', user: 'saved_reader', password: SAVED_PASSWORD, schedule: 'off' };
    expect((await call('PUT', URL_, saved)).statusCode).toBe(200);
  });

  it('tests the typed settings with the saved password when the password is blank', async () => {
    for (const password of ['', undefined]) {
      fake.seen.length = 0;
      expect((await call('POST', `${URL_}/test`, { ...typed, password })).statusCode).toBe(200);
      expect(fake.seen[0].conn).toMatchObject({ host: '10.0.0.7', user: 'typist', password: SAVED_PASSWORD });
    }
  });

  it('tests a typed password instead of the saved one, and saves nothing', async () => {
    expect((await call('POST', `${URL_}/test`, { ...typed, password: TYPED_PASSWORD })).statusCode).toBe(200);
    expect(fake.seen[0].conn.password).toBe(TYPED_PASSWORD);
    expect((await call('GET', URL_)).json()).toMatchObject({ host: 'od-saved', user: 'saved_reader' });
    fake.seen.length = 0;
    // Without a body, the saved settings are tested, as before.
    const bare = await call('POST', `${URL_}/test`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(fake.seen[0].conn).toMatchObject({ host: 'od-saved', password: SAVED_PASSWORD });
  });
});

describe('with OPENDENTAL_URL set', () => {
  it('tests the environment connection, and refuses typed connection fields as Save does', async () => {
    const envFake = fakeOpendental();
    const e = await createTestContext(
      { OPENDENTAL_URL: 'mysql://reader:env-pw@od-env.local/od_env' },
      { opendental: envFake, logLines },
    );
    try {
      const token = await e.login('admin', ADMIN_PASSWORD);
      const post = (payload?: object) =>
        e.app.inject({ method: 'POST', url: `${URL_}/test`, payload, headers: bearer(token) });
      expect((await post({})).statusCode).toBe(200);
      expect(envFake.seen[0].conn.host).toBe('od-env.local');
      const res = await post(typed);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('The connection is set in the environment');
    } finally {
      await e.close();
    }
  });
});

it('puts neither password in any answer or log line', () => {
  expect(answers.length).toBeGreaterThan(8);
  for (const text of [...answers, ...logLines]) {
    expect(text).not.toContain(SAVED_PASSWORD);
    expect(text).not.toContain(TYPED_PASSWORD);
  }
});
