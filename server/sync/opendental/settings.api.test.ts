import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { keyFilePath } from '../../platform/secret-box';
import { fakeOpendental, SYNCED } from '../../test/fake-opendental';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../../test/harness';
import { SyncError } from './connection';

const PASSWORD = 'Od-Secret-7f3a9c';
/** The server's own, which the daily hour is of. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const URL_ = '/api/sync/opendental';

const fake = fakeOpendental();
const logLines: string[] = [];
/** Every answer the tests received, scanned for the password at the end. */
const answers: string[] = [];

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;

type Method = 'GET' | 'PUT' | 'POST';
async function call(token: string, method: Method, url: string, payload?: object, app?: FastifyInstance) {
  const res = await (app ?? t.app).inject({ method, url, payload, headers: bearer(token) });
  answers.push(res.body);
  return res;
}
const settings = async () => (await call(admin, 'GET', URL_)).json();
const save = (body: object, token = admin) => call(token, 'PUT', URL_, body);

const CONNECTION = { host: 'od-server.local', user: 'fat_reader', password: PASSWORD, schedule: 'off' };

beforeAll(async () => {
  t = await createTestContext({}, { opendental: fake, logLines });
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('od-manager', 'manager', 'manager-pass');
  await t.createUser('od-provider', 'provider', 'provider-pass');
  manager = await t.login('od-manager', 'manager-pass');
  provider = await t.login('od-provider', 'provider-pass');
});
afterAll(() => t.close());
beforeEach(() => {
  fake.failWith = null;
  fake.seen.length = 0;
});

describe('before a connection is set', () => {
  it('says nothing is configured', async () => {
    expect(await settings()).toEqual({
      success: true,
      configured: false,
      source: 'settings',
      host: null,
      port: null,
      database: null,
      user: null,
      password_set: false,
      password_unreadable: false,
      schedule: 'off',
      daily_hour: 5,
      time_zone: TIME_ZONE,
      last_sync: null,
    });
  });

  it('refuses a test and a sync with 409', async () => {
    for (const url of [`${URL_}/test`, `${URL_}/run`]) {
      const res = await call(admin, 'POST', url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        error: 'No connection is set',
        code: 'sync_not_configured',
      });
    }
    expect(fake.seen).toEqual([]);
    expect((await settings()).last_sync).toBeNull();
  });
});

describe('who may do what', () => {
  it('lets only admins read, save and test the connection', async () => {
    for (const token of [manager, provider]) {
      for (const [method, url] of [
        ['GET', URL_],
        ['PUT', URL_],
        ['POST', `${URL_}/test`],
      ] as const) {
        const res = await call(token, method, url, method === 'PUT' ? CONNECTION : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          error: 'Only admins can set up the Open Dental connection',
          code: 'forbidden',
        });
      }
    }
    expect((await settings()).configured).toBe(false);
  });

  it('lets managers and admins sync, and everyone read the status', async () => {
    const res = await call(provider, 'POST', `${URL_}/run`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Only managers and admins can sync from Open Dental');
    for (const token of [provider, manager, admin]) {
      const status = await call(token, 'GET', `${URL_}/status`);
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({
        success: true,
        configured: false,
        schedule: 'off',
        daily_hour: 5,
        time_zone: TIME_ZONE,
        running: false,
        last_sync: null,
        warning: null,
      });
    }
  });
});

describe('PUT /api/sync/opendental', () => {
  const long = (n: number) => 'x'.repeat(n);
  const HOUR_RULE = 'daily_hour must be a whole number from 0 to 23';
  const HOST_ONLY =
    'host must be a host name or an IP address, without a scheme or port; put the port in the Port field.';
  const refusals: [string, object, string][] = [
    ['no host', { ...CONNECTION, host: undefined }, 'host is required'],
    ['an empty host', { ...CONNECTION, host: '' }, 'host must be 1-255 characters without spaces'],
    [
      'a host with a space',
      { ...CONNECTION, host: 'od server' },
      'host must be 1-255 characters without spaces',
    ],
    ['a host too long', { ...CONNECTION, host: long(256) }, 'host must be 1-255 characters without spaces'],
    ['a host with a scheme', { ...CONNECTION, host: 'file:///etc/passwd' }, HOST_ONLY],
    ['a host with a port', { ...CONNECTION, host: '127.0.0.1:22' }, HOST_ONLY],
    ['a host with a path', { ...CONNECTION, host: 'od-server/opendental' }, HOST_ONLY],
    ['an IPv4 address out of range', { ...CONNECTION, host: '10.0.0.256' }, HOST_ONLY],
    ['port 0', { ...CONNECTION, port: 0 }, 'port must be a whole number from 1 to 65535'],
    ['port 65536', { ...CONNECTION, port: 65536 }, 'port must be a whole number from 1 to 65535'],
    ['a port of letters', { ...CONNECTION, port: '33o6' }, 'port must be a whole number from 1 to 65535'],
    [
      'a port with a fraction',
      { ...CONNECTION, port: 3306.5 },
      'port must be a whole number from 1 to 65535',
    ],
    ['an empty database', { ...CONNECTION, database: '' }, 'database must be 1-64 characters'],
    ['a database too long', { ...CONNECTION, database: long(65) }, 'database must be 1-64 characters'],
    ['no user', { ...CONNECTION, user: undefined }, 'user is required'],
    ['an empty user', { ...CONNECTION, user: ' ' }, 'user must be 1-64 characters'],
    ['a user too long', { ...CONNECTION, user: long(65) }, 'user must be 1-64 characters'],
    ['a password that is no text', { ...CONNECTION, password: 1234 }, 'password must be text'],
    ['another schedule', { ...CONNECTION, schedule: 'weekly' }, 'schedule must be one of off, hourly, daily'],
    ['daily hour 24', { ...CONNECTION, daily_hour: 24 }, HOUR_RULE],
    ['daily hour -1', { ...CONNECTION, daily_hour: -1 }, HOUR_RULE],
    ['a daily hour with a fraction', { ...CONNECTION, daily_hour: 5.5 }, HOUR_RULE],
    ['a daily hour of letters', { ...CONNECTION, daily_hour: '6pm' }, HOUR_RULE],
  ];

  it.each(refusals)('refuses %s with 400 naming the field, and changes nothing', async (_, body, error) => {
    const before = await settings();
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    // Each rule's words start with its field, which the answer names too.
    const field = error.split(' ')[0];
    const code =
      field in body && body[field as keyof typeof body] !== undefined ? 'invalid_field' : 'missing_field';
    expect(res.json()).toEqual({ success: false, error, code, field });
    expect(await settings()).toEqual(before);
  });

  it('saves the connection with the default port and database, never answering the password', async () => {
    const res = await save(CONNECTION);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      success: true,
      configured: true,
      source: 'settings',
      host: 'od-server.local',
      port: 3306,
      database: 'opendental',
      user: 'fat_reader',
      password_set: true,
      password_unreadable: false,
      schedule: 'off',
      daily_hour: 5,
      time_zone: TIME_ZONE,
      last_sync: null,
    };
    expect(res.json()).toEqual(expected);
    expect(await settings()).toEqual(expected);
  });

  it('keeps the password encrypted in the database, under a key kept outside it', async () => {
    const rows = await t.db.query<{ key: string; value: string }>('SELECT key, value FROM settings');
    const stored = rows.find((r) => r.key === 'opendental_connection');
    expect(stored?.value).toMatch(/"password_sealed":"v1\./);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('keeps the stored password when the password is blank or left out', async () => {
    await save({ ...CONNECTION, password: '', port: '3307', database: 'od_main', schedule: 'daily' });
    await save({ ...CONNECTION, password: undefined, port: 3307, database: 'od_main', schedule: 'daily' });
    expect(await settings()).toMatchObject({
      port: 3307,
      database: 'od_main',
      schedule: 'daily',
      password_set: true,
    });
    const res = await call(admin, 'POST', `${URL_}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.seen[0].conn).toEqual({
      host: 'od-server.local',
      port: 3307,
      database: 'od_main',
      user: 'fat_reader',
      password: PASSWORD,
    });
  });

  it('audits each change without the password', async () => {
    const res = await call(admin, 'GET', '/api/audit?action=opendental_settings_changed&limit=50');
    const events = res.json().events as { username: string; detail: Record<string, unknown> }[];
    expect(events.length).toBe(3);
    expect(events.at(-1)).toMatchObject({
      username: 'admin',
      detail: {
        before: { host: null, port: null, database: null, user: null, schedule: 'off' },
        after: {
          host: 'od-server.local',
          port: 3306,
          database: 'opendental',
          user: 'fat_reader',
          schedule: 'off',
        },
        password_changed: true,
      },
    });
    expect(events[0].detail.password_changed).toBe(false);
  });
});

describe('POST /api/sync/opendental/test', () => {
  it('answers the server version and the counts, reading with the mapped codes', async () => {
    const res = await call(admin, 'POST', `${URL_}/test`);
    expect(res.json()).toEqual({
      success: true,
      server_version: '10.11.6-MariaDB',
      procedures: 120,
      appointments: 14,
    });
    expect(fake.seen[0].codes?.has('FA-PRES-MAX')).toBe(true);
  });

  it.each([
    new SyncError(502, 'Open Dental did not answer within 10 seconds', 'opendental_unreachable'),
    new SyncError(
      422,
      'Not an Open Dental database: missing procedurelog.ProcStatus',
      'not_opendental_database',
    ),
  ])('passes on a $status with its reason and code', async (failure) => {
    fake.failWith = failure;
    const res = await call(admin, 'POST', `${URL_}/test`);
    expect(res.statusCode).toBe(failure.status);
    expect(res.json()).toEqual({ success: false, error: failure.message, code: failure.code });
  });
});

describe('POST /api/sync/opendental/run', () => {
  it('syncs for a manager and records the result as the last sync', async () => {
    const res = await call(manager, 'POST', `${URL_}/run`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(SYNCED);
    const last = (await settings()).last_sync;
    expect(last).toMatchObject({ ok: true, records_imported: 12, rows_skipped: 1, error: null });
    expect(Date.now() - Date.parse(last.at)).toBeLessThan(60_000);
  });

  it('records a failed sync with its reason, and answers it', async () => {
    fake.failWith = new SyncError(502, 'Open Dental refused the connection', 'opendental_refused');
    const res = await call(admin, 'POST', `${URL_}/run`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      error: 'Open Dental refused the connection',
      code: 'opendental_refused',
    });
    const status = (await call(provider, 'GET', `${URL_}/status`)).json();
    expect(status).toMatchObject({
      configured: true,
      schedule: 'daily',
      daily_hour: 5,
      time_zone: TIME_ZONE,
      running: false,
      last_sync: {
        ok: false,
        records_imported: null,
        rows_skipped: null,
        error: 'Open Dental refused the connection',
        error_code: 'opendental_refused',
      },
    });
  });

  it('refuses a second sync while one runs, in this app or another on the same database', async () => {
    const other = await buildApp({ db: t.db, env: t.env, tokens: t.tokens, mailer: null, opendental: fake });
    try {
      const open = fake.hold();
      const syncsBefore = fake.syncs + 1;
      const first = call(manager, 'POST', `${URL_}/run`);
      await vi.waitFor(() => expect(fake.syncs).toBe(syncsBefore));
      for (const app of [t.app, other]) {
        const res = await call(admin, 'POST', `${URL_}/run`, undefined, app);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          success: false,
          error: 'A sync is already running',
          code: 'sync_running',
        });
      }
      expect((await call(provider, 'GET', `${URL_}/status`, undefined, other)).json().running).toBe(true);
      expect(fake.syncs).toBe(syncsBefore);
      open();
      expect((await first).statusCode).toBe(200);
      // Once it ended, the next may run.
      expect((await call(admin, 'POST', `${URL_}/run`, undefined, other)).statusCode).toBe(200);
      expect((await call(provider, 'GET', `${URL_}/status`)).json().running).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('takes over the lock of a process that died while syncing, once its lease ran out', async () => {
    await t.db.query(
      `INSERT INTO job_claims (job, period, holder, lease_until) VALUES ('opendental-sync', 'running', 'gone', now() + interval '1 hour')`,
    );
    expect((await call(admin, 'POST', `${URL_}/run`)).statusCode).toBe(409);
    await t.db.query(`UPDATE job_claims SET lease_until = now() - interval '1 second' WHERE holder = 'gone'`);
    expect((await call(admin, 'POST', `${URL_}/run`)).statusCode).toBe(200);
  });
});

describe('when the key is lost', () => {
  it('says the password must be entered again, and refuses to test or sync until it is', async () => {
    rmSync(keyFilePath(t.env.dataDir));
    expect(await settings()).toMatchObject({
      configured: true,
      password_set: false,
      password_unreadable: true,
    });
    const error =
      'The saved Open Dental password can no longer be read (the encryption key was lost or changed): enter it again and save';
    const tested = await call(admin, 'POST', `${URL_}/test`);
    expect(tested.statusCode).toBe(409);
    expect(tested.json().error).toBe(error);
    const run = await call(manager, 'POST', `${URL_}/run`);
    expect(run.statusCode).toBe(409);
    expect((await settings()).last_sync).toMatchObject({ ok: false, error });

    expect((await save(CONNECTION)).json()).toMatchObject({ password_set: true, password_unreadable: false });
    expect((await call(admin, 'POST', `${URL_}/test`)).statusCode).toBe(200);
    expect(fake.seen.at(-1)?.conn.password).toBe(PASSWORD);
  });
});

describe('the password', () => {
  it('is in no answer, no log line and no audit event or export', async () => {
    expect((await call(admin, 'POST', `${URL_}/test`)).statusCode).toBe(200);
    for (const url of ['/api/audit?limit=200', '/api/audit/export']) await call(admin, 'GET', url);
    const shown = [...answers, ...logLines];
    expect(shown.length).toBeGreaterThan(40);
    for (const text of shown) expect(text).not.toContain(PASSWORD);
    // The scan has teeth: the password did travel in requests.
    expect(fake.seen.some((s) => s.conn.password === PASSWORD)).toBe(true);
  });
});

describe('with OPENDENTAL_URL set', () => {
  let e: TestContext;
  let eAdmin: string;
  const envFake = fakeOpendental();
  beforeAll(async () => {
    e = await createTestContext(
      { OPENDENTAL_URL: `mysql://reader:${encodeURIComponent(PASSWORD)}@od-env.local:3310/od_env` },
      { opendental: envFake, logLines },
    );
    eAdmin = await e.login('admin', ADMIN_PASSWORD);
  });
  afterAll(() => e.close());
  const eCall = (method: Method, url: string, payload?: object) => call(eAdmin, method, url, payload, e.app);

  it('uses it, says so, and never answers its password', async () => {
    const res = await eCall('GET', URL_);
    expect(res.json()).toEqual({
      success: true,
      configured: true,
      source: 'environment',
      host: 'od-env.local',
      port: 3310,
      database: 'od_env',
      user: 'reader',
      password_set: true,
      password_unreadable: false,
      schedule: 'off',
      daily_hour: 5,
      time_zone: TIME_ZONE,
      last_sync: null,
    });
    expect((await eCall('POST', `${URL_}/test`)).statusCode).toBe(200);
    expect(envFake.seen[0].conn).toEqual({
      host: 'od-env.local',
      port: 3310,
      database: 'od_env',
      user: 'reader',
      password: PASSWORD,
    });
  });

  it('lets PUT change only the schedule', async () => {
    for (const body of [CONNECTION, { schedule: 'hourly', host: 'elsewhere' }, { password: 'x' }]) {
      const res = await eCall('PUT', URL_, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        error: 'The connection is set in the environment',
        code: 'connection_in_environment',
      });
    }
    expect((await eCall('GET', URL_)).json().schedule).toBe('off');
    const res = await eCall('PUT', URL_, { schedule: 'hourly' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'environment', host: 'od-env.local', schedule: 'hourly' });
  });

  it('still refuses a bad schedule with 400', async () => {
    const res = await eCall('PUT', URL_, { schedule: 'sometimes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('schedule must be one of off, hourly, daily');
  });

  it('leaves the password out of every answer and log line here too', () => {
    for (const text of [...answers, ...logLines]) expect(text).not.toContain(PASSWORD);
  });
});

describe('the host', () => {
  it('is saved as a host name, an IPv4 or an IPv6 address', async () => {
    for (const host of ['od-server.local', 'OD_SERVER', '10.0.0.5', 'fe80::1']) {
      const res = await save({ ...CONNECTION, host });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().host).toBe(host);
    }
  });
});

describe('the daily hour', () => {
  it("is 5 until chosen, then kept as chosen, on the server's time zone, for the status too", async () => {
    expect(await settings()).toMatchObject({ daily_hour: 5, time_zone: TIME_ZONE });
    const res = await save({ ...CONNECTION, schedule: 'daily', daily_hour: '18' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ schedule: 'daily', daily_hour: 18, time_zone: TIME_ZONE });
    // Left out, it stays as it is.
    expect((await save({ ...CONNECTION, schedule: 'daily' })).json().daily_hour).toBe(18);
    const status = (await call(provider, 'GET', `${URL_}/status`)).json();
    expect(status).toMatchObject({ schedule: 'daily', daily_hour: 18, time_zone: TIME_ZONE });
    const audit = await call(admin, 'GET', '/api/audit?action=opendental_settings_changed&limit=1');
    expect(audit.json().events[0].detail.after).toMatchObject({ daily_hour: 18 });
  });
});
