import { allActivities } from '../activities/store';
import { activity, caller, REPORT } from '../test/case-work';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';
import { createCaseWorkData } from './case-work';

// The activities the worklist reads are brought up to date by reading only the new ones when
// nothing else changed; whatever happens, they must equal a read of them all.

let t: TestContext;
let admin: string;
let call: ReturnType<typeof caller>;
let version = 0;
const source = () => createCaseWorkData(t.db);
let kept: ReturnType<typeof source>;

const fresh = async () => JSON.stringify([...(await allActivities(t.db)).entries()].sort());
const incremental = async () => JSON.stringify([...(await kept(String(++version))).entries()].sort());
const write = async (over: object) => {
  const res = await call(admin, 'POST', '/api/patient/activity', activity(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().activity.id as number;
};

beforeAll(async () => {
  t = await createTestContext();
  call = caller(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
  kept = source();
});
afterAll(() => t.close());

describe('the activities the worklist reads', () => {
  it('equal a read of them all after writes in and out of date order, a delete and a rename', async () => {
    expect(await incremental()).toBe(await fresh());
    await write({ date: '2026-05-20' });
    await write({ date: '2026-05-22', outcome: 'reached' });
    expect(await incremental()).toBe(await fresh());
    // Written later, dated earlier: it goes before the others in the patient's list.
    await write({ date: '2026-05-18', outcome: 'left_message' });
    await write({ patient_name: 'Cat Cruz', date: '2026-05-21' });
    expect(await incremental()).toBe(await fresh());
    const gone = await write({ date: '2026-05-23' });
    expect(await incremental()).toBe(await fresh());
    expect((await call(admin, 'DELETE', `/api/patient/activity/${gone}`)).statusCode).toBe(200);
    expect(await incremental()).toBe(await fresh());
    const [me] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'admin'`);
    const renamed = await call(admin, 'PUT', `/api/auth/users/${me.id}`, { username: 'chief' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await incremental()).toContain('"username":"chief"');
    expect(await incremental()).toBe(await fresh());
  });
});
