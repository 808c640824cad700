import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

const sample = (name: string) => readFileSync(new URL(`../../samples/${name}`, import.meta.url));

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
  for (const [kind, file] of [
    ['future-scheduled', 'future-scheduled.csv'],
    ['raw-data', 'full-arch-report.csv'],
  ] as const) {
    const res = await upload(t, token, kind, file, sample(file));
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('dashboard responses', () => {
  const url = '/api/dashboard/consult-details/consults_won?year=2025';

  it('are gzipped for clients that accept it, with the same JSON inside', async () => {
    const plain = await t.app.inject({ url, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.json().details.length).toBeGreaterThan(5);

    const zipped = await t.app.inject({ url, headers: { ...bearer(token), 'accept-encoding': 'gzip, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('follow a change of the data at once, and a disabled account is refused at once', async () => {
    const before = (await t.app.inject({ url, headers: bearer(token) })).json().details.length;
    const res = await upload(
      t,
      token,
      'raw-data',
      'empty.csv',
      'Patient,Date,Proc Code,Provider\nA B,1/2/2025,D1110,Dr X\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.app.inject({ url, headers: bearer(token) })).json().details;
    expect(before).toBeGreaterThan(0);
    expect(after).toEqual([]);

    const id = await t.createUser('viewer', 'manager');
    const viewer = await t.login('viewer', 'secret123');
    expect((await t.app.inject({ url, headers: bearer(viewer) })).statusCode).toBe(200);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [id]);
    expect((await t.app.inject({ url, headers: bearer(viewer) })).statusCode).toBe(401);
  });
});
