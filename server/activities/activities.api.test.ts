import { activity, activityCount, caller, REPORT } from '../test/case-work';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;
let call: ReturnType<typeof caller>;
const post = (token: string, body: object) => call(token, 'POST', '/api/patient/activity', body);
const read = (token: string, name: string) =>
  call(token, 'GET', `/api/patient/activity?name=${encodeURIComponent(name)}`);

beforeAll(async () => {
  t = await createTestContext();
  call = caller(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('Case-Manager', 'manager', 'manager-pass');
  await t.createUser('case-provider', 'provider', 'provider-pass');
  await t.createUser('retired', 'manager', 'retired-pass');
  await t.db.query(`UPDATE users SET is_active = false WHERE username = 'retired'`);
  await t.db.query(`UPDATE users SET provider_name = 'Dr Adams' WHERE username = 'case-provider'`);
  manager = await t.login('Case-Manager', 'manager-pass');
  provider = await t.login('case-provider', 'provider-pass');
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('POST /api/patient/activity', () => {
  it('stores an activity and answers 201 with it', async () => {
    const res = await post(
      provider,
      activity({ patient_name: 'bell, ben', next_follow_up: '2026-06-10', note: ' tried ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().activity).toEqual({
      id: expect.any(Number),
      patient_name: 'Ben Bell',
      date: '2026-05-20',
      kind: 'call',
      outcome: 'no_answer',
      note: 'tried',
      next_follow_up: '2026-06-10',
      assigned_to: null,
      lender: null,
      financing_status: null,
      amount: null,
      reason: null,
      cleared_follow_up: false,
      user: 'case-provider',
      logged_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('dates it today by default, rounds an amount to the cent and stores the assignee as spelled', async () => {
    const today = await post(manager, { patient_name: 'Ben Bell', kind: 'note', note: 'x' });
    expect(today.json().activity.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    const money = await post(
      manager,
      activity({
        kind: 'financing',
        outcome: undefined,
        lender: ' Lendr ',
        financing_status: 'applied',
        amount: 100.005,
      }),
    );
    expect(money.json().activity).toMatchObject({ lender: 'Lendr', amount: 100.01 });
    const assigned = await post(
      manager,
      activity({ kind: 'assign', outcome: undefined, assigned_to: 'CASE-manager' }),
    );
    expect(assigned.json().activity.assigned_to).toBe('Case-Manager');
    const cleared = await post(manager, {
      patient_name: 'Ben Bell',
      kind: 'reopen',
      date: '2026-05-21',
      next_follow_up: null,
    });
    expect(cleared.json().activity).toMatchObject({ cleared_follow_up: true, next_follow_up: null });
  });

  it.each([
    ['a missing patient_name', { patient_name: undefined }, 'patient_name', 'missing_field'],
    ['a missing kind', { kind: undefined }, 'kind', 'missing_field'],
    ['an unknown kind', { kind: 'fax' }, 'kind', 'invalid_field'],
    ['an unknown outcome', { outcome: 'maybe' }, 'outcome', 'invalid_field'],
    ['a missing outcome', { outcome: undefined }, 'outcome', 'missing_field'],
    ['a field of another kind', { reason: 'cost' }, 'reason', 'invalid_field'],
    ['an unknown field', { mood: 'good' }, 'mood', 'invalid_request'],
    ['a date that is no day', { date: '2026-02-30' }, 'date', 'invalid_field'],
    ['a date written otherwise', { date: '5/20/2026' }, 'date', 'invalid_field'],
    ['a date after today', { date: '2999-01-01' }, 'date', 'invalid_field'],
    ['a date before 2000', { date: '1999-12-31' }, 'date', 'invalid_field'],
    ['a next_follow_up that is no day', { next_follow_up: 'soon' }, 'next_follow_up', 'invalid_field'],
    ['a note of the wrong type', { note: 5 }, 'note', 'invalid_field'],
    ['a blank note on a note', { kind: 'note', outcome: undefined, note: '   ' }, 'note', 'invalid_field'],
    [
      'a lender too long',
      { kind: 'financing', outcome: undefined, lender: 'x'.repeat(81), financing_status: 'applied' },
      'lender',
      'invalid_field',
    ],
    [
      'an unknown status',
      { kind: 'financing', outcome: undefined, lender: 'L', financing_status: 'maybe' },
      'financing_status',
      'invalid_field',
    ],
    [
      'a negative amount',
      { kind: 'financing', outcome: undefined, lender: 'L', financing_status: 'applied', amount: -1 },
      'amount',
      'invalid_field',
    ],
    [
      'an amount as text',
      { kind: 'financing', outcome: undefined, lender: 'L', financing_status: 'applied', amount: '5' },
      'amount',
      'invalid_field',
    ],
    ['an unknown reason', { kind: 'close', outcome: undefined, reason: 'bored' }, 'reason', 'invalid_field'],
    [
      'an unknown assignee',
      { kind: 'assign', outcome: undefined, assigned_to: 'nobody' },
      'assigned_to',
      'unknown_user',
    ],
    [
      'an inactive assignee',
      { kind: 'assign', outcome: undefined, assigned_to: 'retired' },
      'assigned_to',
      'unknown_user',
    ],
  ])('refuses %s with 400 naming the field, storing nothing', async (_, over, field, code) => {
    const before = await activityCount(t);
    const res = await post(admin, activity(over));
    expect(res.statusCode, res.body).toBe(400);
    // A key the schema does not know is no field of the request: the message alone names it.
    const named = code === 'invalid_request' ? {} : { field };
    expect(res.json()).toEqual({ success: false, error: expect.stringContaining(field), code, ...named });
    expect(await activityCount(t)).toBe(before);
  });

  it('lets only managers and admins assign (403), and finds only patients in a file (404)', async () => {
    const before = await activityCount(t);
    const assign = await post(provider, activity({ kind: 'assign', outcome: undefined, assigned_to: null }));
    expect(assign.statusCode).toBe(403);
    const unknown = await post(admin, activity({ patient_name: 'No Body' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Patient not found', code: 'patient_not_found' });
    expect(await activityCount(t)).toBe(before);
  });

  it('holds a provider to their own patients while providers see their own', async () => {
    await call(admin, 'PUT', '/api/config/privacy', { providers_see_own_only: true });
    try {
      const before = await activityCount(t);
      expect((await post(provider, activity({ patient_name: 'Cat Cruz' }))).statusCode).toBe(404);
      expect((await read(provider, 'Cat Cruz')).statusCode).toBe(404);
      expect(await activityCount(t)).toBe(before);
      expect((await post(provider, activity({ patient_name: 'Ann Able' }))).statusCode).toBe(201);
      expect((await read(provider, 'Ann Able')).statusCode).toBe(200);
    } finally {
      await call(admin, 'PUT', '/api/config/privacy', { providers_see_own_only: false });
    }
  });
});

describe('GET /api/patient/activity', () => {
  it('answers the case and the activities newest first, and 404 for an unknown patient', async () => {
    const res = await read(manager, 'BEN BELL');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.patient_name).toBe('Ben Bell');
    const dates = body.activities.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.case).toMatchObject({
      assigned_to: 'Case-Manager',
      financing: { lender: 'Lendr', financing_status: 'applied', amount: 100.01 },
      closed: null,
      next_follow_up: null,
      last_contact: { date: '2026-05-20', kind: 'call', outcome: 'no_answer' },
    });
    expect((await read(manager, 'No Body')).statusCode).toBe(404);
  });

  it('shows a renamed writer by the new name, and a deleted one by their last name', async () => {
    const id = await t.createUser('temp-writer', 'manager', 'temp-pass');
    const token = await t.login('temp-writer', 'temp-pass');
    expect(
      (await post(token, activity({ kind: 'note', outcome: undefined, note: 'hello' }))).statusCode,
    ).toBe(201);
    expect(
      (await call(admin, 'PUT', `/api/auth/users/${id}`, { username: 'renamed-writer' })).statusCode,
    ).toBe(200);
    const users = async () =>
      (await read(admin, 'Ben Bell')).json().activities.map((a: { user: string }) => a.user);
    expect(await users()).toContain('renamed-writer');
    expect((await call(admin, 'DELETE', `/api/auth/users/${id}`)).statusCode).toBe(200);
    expect(await users()).toContain('renamed-writer');
    expect(await users()).not.toContain('temp-writer');
  });
});

describe('DELETE /api/patient/activity/:id', () => {
  it('lets the writer delete within 24 hours and an admin at any time; 403 else, 404 unknown', async () => {
    const mine = (await post(provider, activity({}))).json().activity.id;
    expect((await call(manager, 'DELETE', `/api/patient/activity/${mine}`)).statusCode).toBe(403);
    expect((await call(provider, 'DELETE', `/api/patient/activity/${mine}`)).statusCode).toBe(200);
    const old = (await post(provider, activity({}))).json().activity.id;
    await t.db.query(`UPDATE patient_activities SET logged_at = now() - interval '25 hours' WHERE id = $1`, [
      old,
    ]);
    const before = await activityCount(t);
    expect((await call(provider, 'DELETE', `/api/patient/activity/${old}`)).statusCode).toBe(403);
    expect(await activityCount(t)).toBe(before);
    expect((await call(admin, 'DELETE', `/api/patient/activity/${old}`)).statusCode).toBe(200);
    expect(await activityCount(t)).toBe(before - 1);
    const gone = await call(admin, 'DELETE', `/api/patient/activity/${old}`);
    expect(gone.statusCode).toBe(404);
  });

  it('audits every write, read and delete', async () => {
    const rows = await t.db.query<{ action: string }>(
      `SELECT DISTINCT action FROM audit_log WHERE action LIKE 'activity_%'`,
    );
    expect(rows.map((r) => r.action).sort()).toEqual([
      'activity_deleted',
      'activity_logged',
      'activity_viewed',
    ]);
  });
});

describe('a patient no longer in any file', () => {
  it('keeps their case: managers still find and search them, providers do not, a later import shows it again', async () => {
    const only = 'Patient,Date,Proc Code,Provider\nAnn Able,1/5/2026,D0150,Dr Adams\n';
    expect((await upload(t, admin, 'raw-data', 'only.csv', only, { replace: 'true' })).statusCode).toBe(200);
    const found = await read(manager, 'Ben Bell');
    expect(found.statusCode).toBe(200);
    expect(found.json().activities.length).toBeGreaterThan(3);
    expect((await read(provider, 'Ben Bell')).statusCode).toBe(404);
    const search = (token: string) => call(token, 'GET', '/api/patient/search?q=ben');
    expect((await search(manager)).json().patients).toEqual(['Ben Bell']);
    expect((await search(provider)).json().patients).toEqual([]);
    expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT, { replace: 'true' })).statusCode).toBe(
      200,
    );
    const back = await call(manager, 'GET', '/api/worklist?as_of=2026-06-01&stage=awaiting_surgery');
    expect(back.json().patients[0]).toMatchObject({ patient_name: 'Ben Bell', assigned_to: 'Case-Manager' });
  });
});
