import { bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// Forces a database fault on every write, then on the reads that take typed text, and checks that
// no log line repeats what was sent: passwords, their hashes, names, search terms, addresses.
let t: TestContext;
const lines: string[] = [];
let admin: string;
let victim: number;

beforeAll(async () => {
  t = await createTestContext({}, { logLines: lines, allowFaults: true });
  admin = await t.login('admin', 'admin-pass');
  victim = await t.createUser('victim', 'provider', 'secret123', 'victim@example.com');
  await t.db.query(
    `CREATE FUNCTION forced_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced fault'; END $$`,
  );
  const tables = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  for (const { name } of tables) {
    await t.db.query(
      `CREATE TRIGGER forced BEFORE INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH STATEMENT EXECUTE FUNCTION forced_fault()`,
    );
  }
});
afterAll(() => t.close());

const SECRET = /mark|scrypt\$|victim@/i;

describe('fault logs', () => {
  it('name the statement and the error code, never the values sent', async () => {
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = true) =>
      t.app.inject({ method, url, payload, headers: auth ? bearer(admin) : {} });
    const answers = [
      await send('POST', '/api/auth/login', { username: 'Mark-Login', password: 'Mark-Password-1' }, false),
      await send('POST', '/api/auth/request-password-reset', { email: 'victim@example.com' }, false),
      await send('POST', '/api/auth/register', {
        username: 'mark-new',
        password: 'Mark-Password-2',
        email: 'mark-new@example.com',
        role: 'provider',
        provider_name: 'Dr. Mark Secret',
      }),
      await send('PUT', `/api/auth/users/${victim}`, { password: 'Mark-Password-3' }),
      await send('DELETE', `/api/auth/users/${victim}`),
      await send('POST', '/api/config/code-mappings', { proc_code: 'MARK1', label: 'Mark label', value: 5 }),
      await send('PUT', '/api/config/code-mappings/D6010', {
        proc_code: 'D6010',
        label: 'Mark label',
        value: 5,
      }),
      await send('DELETE', '/api/config/code-mappings/D6010'),
      await send('POST', '/api/config/initialize'),
      await upload(
        t,
        admin,
        'raw-data',
        'mark.csv',
        'Patient,Date,Proc Code,Tooth,Provider,Description,Fee,Location\n"Markham, Secret",1/2/2026,D0150,,Dr. Mark,Exam,$90.00,Main\n',
      ),
      await upload(
        t,
        admin,
        'ignore-list',
        'mark.csv',
        'Patient,Year,Notes\n"Markham, Secret",2026,Mark notes\n',
      ),
    ];
    await t.db.query('ALTER TABLE patients RENAME TO patients_moved');
    await t.db.query('ALTER TABLE scoresheet RENAME TO scoresheet_moved');
    answers.push(
      await t.app.inject({ url: '/api/patient/search?q=Markham', headers: bearer(admin) }),
      await t.app.inject({ url: '/api/patient/lookup?name=Markham%2C%20Secret', headers: bearer(admin) }),
    );
    const faults = answers.filter((a) => a.statusCode === 500).length;
    // Every one of them met the forced fault (or a validation before it); most are faults.
    expect(faults).toBeGreaterThanOrEqual(10);
    const failed = lines.filter((l) => l.includes('request failed'));
    expect(failed.length).toBe(faults);
    expect(failed.some((l) => /"statement":"INSERT INTO login_failures"/.test(l))).toBe(true);
    expect(failed.every((l) => /"code":"(P0001|42P01)"/.test(l))).toBe(true);
    expect(lines.filter((l) => SECRET.test(l))).toEqual([]);
  });
});
