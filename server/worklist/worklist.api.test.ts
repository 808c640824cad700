import ExcelJS from 'exceljs';
import { DEFAULT_THRESHOLDS } from '../../common/api/worklist';
import { PATIENT_ID } from '../../common/patient-id';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

/*
 * Worked for as_of 2026-06-01 with the default thresholds (docs/behaviour.md section 12):
 *   Ann Able  temp upper 2026-01-20, no perm    awaiting_final    132 days (< 180: not due)
 *   Ben Bell  accepted 2026-04-01, no surgery   awaiting_surgery   61 days, due
 *   Cat Cruz  PF Max 2026-05-10                 pending_finance    22 days, due (Lakeside)
 *   Dot Dunn  presented 2026-04-02, Lost        undecided          60 days, due, but booked 06/15
 *   Eve Egan  presented 2025-01-05, Lost        closed after 365 days
 *   Fay Fox   presented 2026-05-25, Lost        undecided           7 days (< 14: not due)
 */
const REPORT = `Patient,Date,Proc Code,Provider,Location
Ann Able,1/5/2026,D0150,Dr Adams,Main Street
Ann Able,1/10/2026,FA-ACC-MAX,Dr Adams,Main Street
Ann Able,1/20/2026,D6119,Dr Adams,Main Street
Ben Bell,3/1/2026,D0150,Dr Adams,Main Street
Ben Bell,3/1/2026,FA-PRES-MAX,Dr Adams,Main Street
Ben Bell,4/1/2026,FA-ACC-MAX,Dr Adams,Main Street
"=HYPERLINK(""x""), Cat",5/1/2026,D0150,Dr Baker,Lakeside
"=HYPERLINK(""x""), Cat",5/1/2026,FA-PRES-MAX,Dr Baker,Lakeside
"=HYPERLINK(""x""), Cat",5/10/2026,FA-PF-MAX,Dr Baker,Lakeside
Dot Dunn,4/1/2026,D0150,Dr Baker,Lakeside
Dot Dunn,4/2/2026,FA-PRES-MAX,Dr Baker,Lakeside
Eve Egan,1/5/2025,D0150,Dr Chen,Main Street
Eve Egan,1/5/2025,FA-PRES-MAX,Dr Chen,Main Street
Fay Fox,5/25/2026,D0150,Dr Chen,Main Street
Fay Fox,5/25/2026,FA-PRES-MAX,Dr Chen,Main Street
`;
const FUTURE = `Patient,Appt Date,Code,Provider,Status
Dot Dunn,6/15/2026,D0150,Dr Baker,Scheduled
Ben Bell,6/20/2026,D0150,Dr Adams,Cancelled
`;
const CAT = 'Cat =HYPERLINK("x")';

let t: TestContext;
let admin: string;
let manager: string;
let provider: string;
const call = (token: string, url: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });
const list = async (query: string, token = admin) => {
  const res = await call(token, `/api/worklist?as_of=2026-06-01${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (body: { patients: { patient_name: string }[] }) => body.patients.map((p) => p.patient_name);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('wl-manager', 'manager', 'manager-pass');
  await t.createUser('wl-provider', 'provider', 'provider-pass');
  manager = await t.login('wl-manager', 'manager-pass');
  provider = await t.login('wl-provider', 'provider-pass');
  await upload(t, admin, 'raw-data', 'report.csv', REPORT);
  await upload(t, admin, 'future-scheduled', 'future.csv', FUTURE);
});
afterAll(() => t.close());

describe('GET /api/worklist', () => {
  it('lists the due cases with nothing booked, longest wait first, and counts each stage', async () => {
    const body = await list('');
    expect(body).toMatchObject({ as_of: '2026-06-01', thresholds: DEFAULT_THRESHOLDS });
    expect(body.counts).toEqual({
      awaiting_final: 0,
      awaiting_surgery: 1,
      pending_finance: 1,
      undecided: 0,
      new_lead: 0,
    });
    expect(body.patients).toEqual([
      {
        patient_name: 'Ben Bell',
        patient_id: expect.stringMatching(PATIENT_ID),
        provider: 'Dr Adams',
        location: 'Main Street',
        stage: 'awaiting_surgery',
        since: '2026-04-01',
        days_waiting: 61,
        procedure_status: 'Consult, Presented Max, Accepted Max',
        case_value: expect.any(Number),
        next_appointment: null,
        phone: null,
        source: null,
        assigned_to: null,
        next_follow_up: null,
        attempts: 0,
        last_contact: null,
        financing: null,
      },
      expect.objectContaining({ patient_name: CAT, stage: 'pending_finance', days_waiting: 22 }),
    ]);
  });

  it('adds the booked patients when asked, with their next appointment', async () => {
    const body = await list('&include_scheduled=true');
    expect(body.counts.undecided).toBe(1);
    expect(names(body)).toEqual(['Ben Bell', 'Dot Dunn', CAT]);
    expect(body.patients[1].next_appointment).toBe('2026-06-15');
  });

  it('lists one stage, a provider or a location, counting under every filter but the stage', async () => {
    const stage = await list('&stage=pending_finance');
    expect(names(stage)).toEqual([CAT]);
    expect(stage.counts.awaiting_surgery).toBe(1);
    const baker = await list('&provider=Dr%20Baker');
    expect(names(baker)).toEqual([CAT]);
    expect(baker.counts).toEqual({
      awaiting_final: 0,
      awaiting_surgery: 0,
      pending_finance: 1,
      undecided: 0,
      new_lead: 0,
    });
    expect(names(await list('&location=main%20street'))).toEqual(['Ben Bell']);
  });

  it('gives the first patients only when asked for a page, with the total of them all', async () => {
    const page = await list('&include_scheduled=true&limit=2');
    expect(page.total).toBe(3);
    expect(names(page)).toEqual(['Ben Bell', 'Dot Dunn']);
    expect(page.counts.undecided).toBe(1);
    expect((await list('&include_scheduled=true')).total).toBe(3);
    for (const limit of ['0', '10001', '2.5', 'all']) {
      const res = await call(admin, `/api/worklist?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error).toContain('limit must be a whole number from 1 to 10000');
    }
  });

  it('counts the waiting to as_of, and defaults to today', async () => {
    expect((await list('&stage=awaiting_surgery')).patients[0].days_waiting).toBe(61);
    const later = await call(admin, '/api/worklist?as_of=2027-04-01&stage=awaiting_surgery');
    expect(later.json().patients[0].days_waiting).toBe(365);
    const today = (await call(admin, '/api/worklist')).json();
    expect(today.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a bad as_of, stage or switch with a clear 400', async () => {
    for (const [query, message] of [
      ['as_of=2026-02-30', 'as_of must be a date written YYYY-MM-DD'],
      ['as_of=06/01/2026', 'as_of must be a date written YYYY-MM-DD'],
      ['stage=soon', 'stage must be one of awaiting_final, awaiting_surgery, pending_finance, undecided'],
      ['include_scheduled=yes', "include_scheduled must be 'true' or 'false'"],
    ]) {
      const res = await call(admin, `/api/worklist?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toContain(message);
    }
  });

  it('is open to every role, and every call is audited as a view of patients', async () => {
    const before = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'worklist_viewed'`,
    );
    expect((await call(provider, '/api/worklist?as_of=2026-06-01')).statusCode).toBe(200);
    expect((await call(provider, '/api/worklist?as_of=2026-06-01')).statusCode).toBe(200);
    const rows = await t.db.query<{ username: string; detail: Record<string, unknown> }>(
      `SELECT username, detail FROM audit_log WHERE action = 'worklist_viewed' ORDER BY id DESC LIMIT 1`,
    );
    const after = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'worklist_viewed'`,
    );
    expect(after[0].n - before[0].n).toBe(2);
    expect(rows[0]).toMatchObject({
      username: 'wl-provider',
      detail: { list: 'worklist', asOf: '2026-06-01' },
    });
  });
});

describe('worklist thresholds', () => {
  it('are read by everyone and changed by managers and admins only, audited, and change the list', async () => {
    expect((await call(provider, '/api/config/worklist-thresholds')).json().thresholds).toEqual(
      DEFAULT_THRESHOLDS,
    );
    const next = { ...DEFAULT_THRESHOLDS, awaiting_final: 100 };
    const refused = await call(provider, '/api/config/worklist-thresholds', 'PUT', { thresholds: next });
    expect(refused.statusCode).toBe(403);
    const saved = await call(manager, '/api/config/worklist-thresholds', 'PUT', { thresholds: next });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().thresholds).toEqual(next);
    const body = await list('');
    expect(body.thresholds).toEqual(next);
    expect(names(body)[0]).toBe('Ann Able');
    const [audit] = await t.db.query<{ username: string; detail: Record<string, unknown> }>(
      `SELECT username, detail FROM audit_log WHERE action = 'worklist_thresholds_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      username: 'wl-manager',
      detail: { before: DEFAULT_THRESHOLDS, after: next },
    });
    await call(admin, '/api/config/worklist-thresholds', 'PUT', { thresholds: DEFAULT_THRESHOLDS });
  });

  it('refuses a missing or out-of-range value and changes nothing', async () => {
    for (const thresholds of [
      { awaiting_final: 10, awaiting_surgery: 10, pending_finance: 10 },
      { ...DEFAULT_THRESHOLDS, undecided: -1 },
      { ...DEFAULT_THRESHOLDS, undecided: 3651 },
      { ...DEFAULT_THRESHOLDS, undecided: 1.5 },
      { ...DEFAULT_THRESHOLDS, undecided: '14' },
    ]) {
      const res = await call(admin, '/api/config/worklist-thresholds', 'PUT', { thresholds });
      expect(res.statusCode, JSON.stringify(thresholds)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await call(admin, '/api/config/worklist-thresholds')).json().thresholds).toEqual(
      DEFAULT_THRESHOLDS,
    );
  });
});

describe('GET /api/export/worklist', () => {
  it('sends the list as follow_up_worklist.xlsx, text kept as text, and audits it', async () => {
    const res = await call(admin, '/api/export/worklist?as_of=2026-06-01&include_scheduled=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="follow_up_worklist.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = book.getWorksheet('Follow-up Worklist');
    expect(ws?.getCell('A1').value).toBe(
      'Follow-up Worklist — All Stages — All Providers — as of 2026-06-01',
    );
    expect(ws?.getRow(4).values).toEqual([
      undefined,
      'Patient Name',
      'Stage',
      'Days Waiting',
      'Since',
      'Provider',
      'Location',
      'Procedure Status',
      'Case Value',
      'Next Appointment',
      'Phone',
      'Source',
      'Assigned To',
      'Next Follow-up',
      'Attempts',
      'Last Contact',
      'Last Contact Type',
      'Financing',
      'Last Note Date',
      'Last Note',
    ]);
    expect(ws?.getCell('A5').value).toBe('Ben Bell');
    expect(ws?.getCell('B5').value).toBe('Awaiting Surgery');
    expect(ws?.getCell('C5').value).toBe(61);
    expect(ws?.getCell('A6').value).toBe('Dot Dunn');
    expect(ws?.getCell('I6').value).toEqual(new Date(Date.UTC(2026, 5, 15)));
    expect(ws?.getCell('A7').value).toBe(CAT);
    expect(ws?.getCell('A7').formula).toBeUndefined();
    const [audit] = await t.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'export' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.detail).toMatchObject({ kind: 'worklist', rows: 3, as_of: '2026-06-01' });
  });
});
