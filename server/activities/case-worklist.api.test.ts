import ExcelJS from 'exceljs';
import { xlsx } from '../file-reading/fixtures/builders';
import { AS_OF, activity, caller, REPORT } from '../test/case-work';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { findRow, readBack, rowValues, sheet } from '../test/read-back';
import { upload } from '../test/upload';

// The worklist with case work, the assignees, team activity and the phone (docs/behaviour.md
// sections 2 and 15), through the API on a small practice (test/case-work.ts).

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;
let call: ReturnType<typeof caller>;
const post = async (token: string, body: object) => {
  const res = await call(token, 'POST', '/api/patient/activity', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().activity.id as number;
};
const worklist = async (query = '', token = admin) => {
  const res = await call(token, 'GET', `/api/worklist?as_of=${AS_OF}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (body: { patients: { patient_name: string }[] }) => body.patients.map((p) => p.patient_name);
const setting = async (key: string) =>
  (await t.db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))[0]?.value;

beforeAll(async () => {
  t = await createTestContext();
  call = caller(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('zed', 'manager', 'zed-pass');
  await t.createUser('Amy', 'provider', 'amy-pass');
  await t.createUser('gone', 'provider', 'gone-pass');
  await t.db.query(`UPDATE users SET is_active = false WHERE username = 'gone'`);
  manager = await t.login('zed', 'zed-pass');
  provider = await t.login('Amy', 'amy-pass');
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the worklist with case work', () => {
  it('starts with the three due cases, each with its phone and no case work', async () => {
    const body = await worklist();
    expect(names(body)).toEqual(['Ben Bell', 'Dot Dunn', 'Cat Cruz']);
    expect(body.patients[0]).toMatchObject({
      phone: '555-0202',
      assigned_to: null,
      next_follow_up: null,
      attempts: 0,
      last_contact: null,
      financing: null,
    });
    expect(body.patients[2].phone).toBeNull();
  });

  it('sees a logged call at the next call without moving the data version', async () => {
    const data = await setting('data_version');
    await worklist();
    await post(provider, activity({ next_follow_up: '2026-06-05' }));
    expect(await setting('data_version')).toBe(data);
    const body = await worklist();
    expect(names(body)).toEqual(['Dot Dunn', 'Cat Cruz']);
    expect(body.counts.awaiting_surgery).toBe(0);
    const snoozed = await worklist('&include_snoozed=true');
    expect(names(snoozed)).toEqual(['Ben Bell', 'Dot Dunn', 'Cat Cruz']);
    expect(snoozed.counts.awaiting_surgery).toBe(1);
    expect(snoozed.patients[0]).toMatchObject({
      next_follow_up: '2026-06-05',
      attempts: 1,
      last_contact: { date: '2026-05-20', kind: 'call', outcome: 'no_answer' },
    });
  });

  it('makes a row due on its follow-up day whatever the threshold, and drops a closed one', async () => {
    // Ann (132 days of 180) asked to be called back on as_of.
    await post(manager, activity({ patient_name: 'Ann Able', kind: 'text', next_follow_up: AS_OF }));
    await post(
      manager,
      activity({ patient_name: 'Cat Cruz', kind: 'close', outcome: undefined, reason: 'cost' }),
    );
    const body = await worklist();
    expect(names(body)).toEqual(['Ann Able', 'Dot Dunn']);
    expect(body.counts).toEqual({
      awaiting_final: 1,
      awaiting_surgery: 0,
      pending_finance: 0,
      undecided: 1,
      new_lead: 0,
    });
    const cases = await call(manager, 'GET', '/api/patient/activity?name=Cat%20Cruz');
    expect(cases.json().case.closed).toEqual({ date: '2026-05-20', reason: 'cost' });
  });

  it('filters by assignee (me, unassigned, a username in any case) under the counts', async () => {
    await post(
      admin,
      activity({ patient_name: 'Dot Dunn', kind: 'assign', outcome: undefined, assigned_to: 'ZED' }),
    );
    expect(names(await worklist('&assigned_to=me', manager))).toEqual(['Dot Dunn']);
    expect(names(await worklist('&assigned_to=Zed'))).toEqual(['Dot Dunn']);
    const nobody = await worklist('&assigned_to=unassigned');
    expect(names(nobody)).toEqual(['Ann Able']);
    expect(nobody.counts.undecided).toBe(0);
    expect((await worklist('&assigned_to=me')).patients).toEqual([]);
    const unknown = await call(admin, 'GET', `/api/worklist?assigned_to=nobody`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      success: false,
      error: 'Unknown user',
      code: 'unknown_user',
      field: 'assigned_to',
    });
  });

  it('sorts by waiting (the default), recent, value and follow-up; anything else is 400', async () => {
    const sorted = async (sort: string) => names(await worklist(`&include_snoozed=true&sort=${sort}`));
    expect(await sorted('waiting')).toEqual(['Ann Able', 'Ben Bell', 'Dot Dunn']);
    expect(await sorted('recent')).toEqual(['Dot Dunn', 'Ben Bell', 'Ann Able']);
    expect(await sorted('follow_up')).toEqual(['Ann Able', 'Ben Bell', 'Dot Dunn']);
    const value = await worklist('&include_snoozed=true&sort=value');
    const values = value.patients.map((p: { case_value: number }) => p.case_value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect((await call(admin, 'GET', '/api/worklist?sort=oldest')).statusCode).toBe(400);
  });

  it('exports the case columns', async () => {
    await post(
      manager,
      activity({
        kind: 'financing',
        outcome: undefined,
        lender: 'Lendr',
        financing_status: 'approved',
        amount: 5000,
      }),
    );
    const res = await t.app.inject({
      url: `/api/export/worklist?as_of=${AS_OF}&include_snoozed=true&stage=awaiting_surgery`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = book.getWorksheet('Follow-up Worklist');
    if (!ws) throw new Error('no Follow-up Worklist sheet');
    const row = (ws.getRow(5).values as unknown[]).slice(10);
    expect(row).toEqual([
      '555-0202',
      undefined,
      undefined,
      new Date(Date.UTC(2026, 5, 5)),
      1,
      new Date(Date.UTC(2026, 4, 20)),
      'Call No answer',
      'Lendr Approved $5,000.00',
    ]);
  });

  it("exports each patient's last note up to the day, whatever the stage, with its date", async () => {
    const note = (date: string, text: string) =>
      post(manager, activity({ kind: 'note', outcome: undefined, date, note: text }));
    await note('2026-04-10', 'Asked about financing');
    await note('2026-04-12', 'Prefers evenings');
    // The same day: the one written last is the last.
    await note('2026-04-12', '=HYPERLINK("x") wants a call after 5');
    // After the worklist's day: not yet written as of then.
    await note('2026-06-10', 'Booked');
    const res = await t.app.inject({
      url: `/api/export/worklist?as_of=${AS_OF}&include_snoozed=true`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const ws = sheet(await readBack(res.rawPayload), 'Follow-up Worklist');
    const header = rowValues(ws, 4);
    const dateColumn = header.indexOf('Last Note Date') + 1;
    const textColumn = header.indexOf('Last Note') + 1;
    expect(textColumn).toBe(dateColumn + 1);
    const ben = findRow(ws, 'Ben Bell');
    expect(ws.getCell(ben, dateColumn).value).toEqual(new Date(Date.UTC(2026, 3, 12)));
    expect(ws.getCell(ben, textColumn).value).toBe('=HYPERLINK("x") wants a call after 5');
    expect(ws.getCell(ben, textColumn).formula).toBeUndefined();
    // A patient without a note: empty cells.
    const dot = findRow(ws, 'Dot Dunn');
    expect(ws.getCell(dot, dateColumn).value).toBeNull();
    expect(ws.getCell(dot, textColumn).value).toBeNull();
  });
});

describe('GET /api/worklist/assignees', () => {
  it('lists the active users, sorted without regard to case, for every role', async () => {
    const res = await call(provider, 'GET', '/api/worklist/assignees');
    expect(res.json()).toEqual({ success: true, users: ['admin', 'Amy', 'zed'] });
  });
});

describe('GET /api/worklist/summary', () => {
  it('counts what each writer did over the range', async () => {
    const res = await call(manager, 'GET', '/api/worklist/summary?from=2026-05-01&to=2026-05-31');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const counts = { contacts: 0, reached: 0, scheduled: 0, notes: 0, financing: 0, closed: 0 };
    // The admin's assign counts in no column, but they wrote in the range.
    expect(body.users).toEqual([
      { user: 'admin', ...counts },
      { user: 'Amy', ...counts, contacts: 1 },
      { user: 'zed', ...counts, contacts: 1, financing: 1, closed: 1 },
    ]);
    expect(body.totals).toEqual({ ...counts, contacts: 2, financing: 1, closed: 1 });
    expect(body.outcomes).toEqual({ reached: 0, no_answer: 2, left_message: 0, scheduled: 0, declined: 0 });
    expect(body.close_reasons).toMatchObject({ cost: 1, health: 0, other: 0 });
    expect(Object.keys(body.close_reasons)).toHaveLength(7);
  });

  it('defaults to this month, refuses a bad range (400) and providers (403)', async () => {
    const res = await call(admin, 'GET', '/api/worklist/summary');
    expect(res.json().from).toMatch(/^\d{4}-\d\d-01$/);
    expect((await call(admin, 'GET', '/api/worklist/summary?from=2026-06-02&to=2026-06-01')).statusCode).toBe(
      400,
    );
    expect((await call(admin, 'GET', '/api/worklist/summary?from=2026-13-01')).statusCode).toBe(400);
    expect((await call(provider, 'GET', '/api/worklist/summary')).statusCode).toBe(403);
  });
});

describe('the phone from the files', () => {
  const lookup = async (name: string) =>
    (await call(admin, 'GET', `/api/patient/lookup?name=${encodeURIComponent(name)}`)).json().data.phone;

  it('takes the last non-empty phone, an appointment after every procedure, from CSV and XLSX', async () => {
    expect(await lookup('Ben Bell')).toBe('555-0202');
    expect(await lookup('Ann Able')).toBe('555-0101');
    const future = await xlsx({
      Sheet1: [
        ['Patient', 'Appt Date', 'Code', 'Provider', 'Cell Phone'],
        ['Ann Able', '2026-07-01', 'D6114', 'Dr Adams', ' 555-0999 '],
        ['Ann Able', '2026-07-02', 'D6114', 'Dr Adams', ''],
        ['Cat Cruz', '2026-07-02', 'D6114', 'Dr Baker', null],
      ],
    });
    expect((await upload(t, admin, 'future-scheduled', 'future.xlsx', future)).statusCode).toBe(200);
    expect(await lookup('Ann Able')).toBe('555-0999');
    expect(await lookup('Cat Cruz')).toBeNull();
    // A merged Full Arch Report comes before every appointment: Ann keeps the appointment's phone.
    const more =
      'Patient,Date,Code,Provider,Mobile\nAnn Able,2/1/2026,D0150,Dr Adams,555-0102\nCat Cruz,5/11/2026,D0150,Dr Baker,555-0303\n';
    expect((await upload(t, admin, 'raw-data', 'more.csv', more, { replace: 'false' })).statusCode).toBe(200);
    expect(await lookup('Ann Able')).toBe('555-0999');
    expect(await lookup('Cat Cruz')).toBe('555-0303');
  });
});
