import { PATIENT_ID } from '../../common/patient-id';
import { buildApp } from '../app';
import { bearer, createTestContext, type TestContext, withOwnOnly } from '../test/harness';
import { upload } from '../test/upload';

// Patients' ids for addresses (docs/behaviour.md section 7): the web app opens a patient or a case
// by id, so no name lands in a URL. An id is stable (same patient, same id, after an import and in
// another process), finds exactly what a name finds, and an id of nobody is a 404 like a name.

const REPORT = `Patient,Date,Proc Code,Provider,Location
"Black, Maria",3/1/2026,D0150,Dr Adams,Main Street
"Black, Maria",3/1/2026,FA-PRES-MAX,Dr Adams,Main Street
"Black, Maria",4/1/2026,FA-ACC-MAX,Dr Adams,Main Street
Omar Ortiz,3/2/2026,D0150,Dr Baker,Lakeside
Omar Ortiz,3/2/2026,FA-PRES-MAX,Dr Baker,Lakeside
`;

let t: TestContext;
let admin: string;
let provider: string;
const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const refOf = (token: string, patient_name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patient/ref',
    headers: bearer(token),
    payload: { patient_name },
  });
const auditCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
  const imported = await upload(t, admin, 'raw-data', 'report.csv', REPORT, { replace: 'true' });
  expect(imported.statusCode, imported.body).toBe(200);
  await t.createUser('adams', 'provider');
  await t.db.query(`UPDATE users SET provider_name = 'Dr Adams' WHERE username = 'adams'`);
  provider = await t.login('adams', 'secret123');
});
afterAll(() => t.close());

describe('patient ids', () => {
  it('are given by name, by the worklist, the lookup and the case, all the same', async () => {
    const ref = await refOf(admin, 'maria black');
    expect(ref.statusCode, ref.body).toBe(200);
    const id: string = ref.json().patient_id;
    expect(id).toMatch(PATIENT_ID);
    expect(id).not.toContain('maria');

    const worklist = (await get(admin, '/api/worklist?as_of=2026-06-01')).json();
    const row = worklist.patients.find((p: { patient_name: string }) => p.patient_name === 'Maria Black');
    expect(row.patient_id).toBe(id);

    const lookup = await get(admin, `/api/patient/lookup?id=${id}`);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().data).toMatchObject({ patient_name: 'Maria Black', patient_id: id });
    const byName = (await get(admin, '/api/patient/lookup?name=Maria%20Black')).json();
    expect(byName).toEqual(lookup.json());

    const kase = await get(admin, `/api/patient/activity?id=${id}`);
    expect(kase.statusCode, kase.body).toBe(200);
    expect(kase.json()).toMatchObject({ patient_name: 'Maria Black', patient_id: id });
  });

  it('stay the same after an import and in another process on the same database', async () => {
    const id = (await refOf(admin, 'Maria Black')).json().patient_id;
    const again = await upload(t, admin, 'raw-data', 'report.csv', REPORT, { replace: 'true' });
    expect(again.statusCode).toBe(200);
    expect((await refOf(admin, 'Maria Black')).json().patient_id).toBe(id);
    const other = await buildApp({ db: t.db, env: t.env, tokens: t.tokens, mailer: null });
    try {
      const res = await other.inject({ url: `/api/patient/lookup?id=${id}`, headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.patient_name).toBe('Maria Black');
    } finally {
      await other.close();
    }
  });

  it('find a patient known only by case work, for managers and admins', async () => {
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/patient/activity',
      headers: bearer(admin),
      payload: { patient_name: 'Omar Ortiz', kind: 'note', note: 'Asked for a second opinion' },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const id = (await refOf(admin, 'Omar Ortiz')).json().patient_id;
    const dropped = await upload(
      t,
      admin,
      'raw-data',
      'report.csv',
      REPORT.split('\n')
        .filter((line) => !line.startsWith('Omar'))
        .join('\n'),
      { replace: 'true' },
    );
    expect(dropped.statusCode).toBe(200);
    const kase = await get(admin, `/api/patient/activity?id=${id}`);
    expect(kase.statusCode, kase.body).toBe(200);
    expect(kase.json().patient_name).toBe('Omar Ortiz');
    await upload(t, admin, 'raw-data', 'report.csv', REPORT, { replace: 'true' });
  });

  it('of nobody, or of another provider’s patient for a provider held to their own, are 404 and audited', async () => {
    const nobody = `p${'0'.repeat(20)}`;
    const before = await auditCount();
    const res = await get(admin, `/api/patient/lookup?id=${nobody}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Patient not found', code: 'patient_not_found' });
    expect(await auditCount()).toBe(before + 1);
    expect((await get(admin, `/api/patient/activity?id=${nobody}`)).statusCode).toBe(404);
    expect((await refOf(admin, 'No Body')).statusCode).toBe(404);

    const omar = (await refOf(admin, 'Omar Ortiz')).json().patient_id;
    await withOwnOnly(t, admin, async () => {
      expect((await get(provider, `/api/patient/lookup?id=${omar}`)).statusCode).toBe(404);
      expect((await get(provider, `/api/patient/activity?id=${omar}`)).statusCode).toBe(404);
      expect((await refOf(provider, 'Omar Ortiz')).statusCode).toBe(404);
      expect((await refOf(provider, 'Maria Black')).statusCode).toBe(200);
    });
  });

  it.each([
    ['neither name nor id', '', 'name or id is required'],
    ['both', '?name=Maria%20Black&id=p00000000000000000000', 'name or id is required'],
    ['an id of another shape', '?id=Maria%20Black', 'id must be a patient id'],
  ])('asked with %s is 400 naming the fields', async (_, query, message) => {
    for (const path of ['/api/patient/lookup', '/api/patient/activity']) {
      const res = await get(admin, `${path}${query}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error).toContain(message);
    }
  });
});
