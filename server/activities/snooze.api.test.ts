import { AS_OF, activity, activityCount, caller, REPORT } from '../test/case-work';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// The coordinator's day (docs/behaviour.md sections 15 and 22): a snooze comes back to a patient
// later without a contact; a case whose financing is approved can be listed first.

let t: TestContext;
let admin: string;
let call: ReturnType<typeof caller>;
const post = (body: object) => call(admin, 'POST', '/api/patient/activity', body);
const worklist = async (query = '') => {
  const res = await call(admin, 'GET', `/api/worklist?as_of=${AS_OF}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (body: { patients: { patient_name: string }[] }) => body.patients.map((p) => p.patient_name);

beforeAll(async () => {
  t = await createTestContext();
  call = caller(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('snooze', () => {
  it.each([
    ['without a next follow-up', {}, 'missing_field', 'next_follow_up is required for snooze'],
    [
      'with a cleared next follow-up',
      { next_follow_up: null },
      'invalid_field',
      'next_follow_up must be a date for snooze',
    ],
    [
      'with an outcome',
      { next_follow_up: '2026-06-08', outcome: 'reached' },
      'invalid_field',
      'outcome is not a field of snooze',
    ],
    [
      'with a day that does not exist',
      { next_follow_up: '2026-02-30' },
      'invalid_field',
      'next_follow_up must be a date',
    ],
  ])('is refused %s, with 400 naming the field and nothing stored', async (_, over, code, message) => {
    const before = await activityCount(t);
    const res = await post(activity({ kind: 'snooze', outcome: undefined, ...over }));
    expect(res.statusCode, res.body).toBe(400);
    const field = message.split(' ')[0];
    expect(res.json()).toEqual({ success: false, error: expect.stringContaining(message), code, field });
    expect(await activityCount(t)).toBe(before);
  });

  it('takes a due patient off the list until the day, and is no contact', async () => {
    expect(names(await worklist())).toContain('Ben Bell');
    const res = await post(
      activity({ kind: 'snooze', outcome: undefined, date: AS_OF, next_follow_up: '2026-06-08' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().activity).toMatchObject({
      kind: 'snooze',
      next_follow_up: '2026-06-08',
      outcome: null,
    });

    expect(names(await worklist())).not.toContain('Ben Bell');
    const snoozed = await worklist('&include_snoozed=true');
    expect(
      snoozed.patients.find((p: { patient_name: string }) => p.patient_name === 'Ben Bell'),
    ).toMatchObject({
      next_follow_up: '2026-06-08',
      attempts: 0,
      last_contact: null,
    });
    const back = await call(admin, 'GET', '/api/worklist?as_of=2026-06-08');
    expect(names(back.json())).toContain('Ben Bell');

    const team = (await call(admin, 'GET', `/api/worklist/summary?from=${AS_OF}&to=${AS_OF}`)).json();
    expect(team.totals).toEqual({ contacts: 0, reached: 0, scheduled: 0, notes: 0, financing: 0, closed: 0 });
  });
});

describe('sort=approved', () => {
  it('lists the cases whose last financing is approved first, each part longest wait first', async () => {
    expect(names(await worklist())).toEqual(['Dot Dunn', 'Cat Cruz']);
    const approved = await post(
      activity({
        patient_name: 'Cat Cruz',
        kind: 'financing',
        outcome: undefined,
        lender: 'CareCredit',
        financing_status: 'approved',
        amount: 18000,
      }),
    );
    expect(approved.statusCode, approved.body).toBe(201);
    expect(names(await worklist('&sort=approved'))).toEqual(['Cat Cruz', 'Dot Dunn']);
    // A later denial is the case's last financing: it is no longer listed first.
    await post(
      activity({
        patient_name: 'Cat Cruz',
        kind: 'financing',
        outcome: undefined,
        date: AS_OF,
        lender: 'CareCredit',
        financing_status: 'denied',
      }),
    );
    expect(names(await worklist('&sort=approved'))).toEqual(['Dot Dunn', 'Cat Cruz']);
  });

  it('is one of the sorts named when another is asked for', async () => {
    const res = await call(admin, 'GET', '/api/worklist?sort=newest');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('sort must be one of waiting, recent, value, follow_up, approved');
  });
});
