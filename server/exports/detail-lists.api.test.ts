import type ExcelJS from 'exceljs';
import type {
  ArchCaseDetailsResponse,
  ConsultDetailsResponse,
  FutureCaseDetailsResponse,
  PendingFinanceDetailsResponse,
} from '../../common/api/dashboard';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { readBack, rowValues, sheet } from '../test/read-back';
import { upload } from '../test/upload';
import { CURRENCY_FORMAT, DATE_FORMAT, excelDate } from './cells';

// No comma: a name with exactly one comma is read as `Last, First` and reordered (rules section 1).
const EVIL = '=HYPERLINK("http://evil.example")';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Won in 2026 at two offices (one of them the formula-like name), a pending finance case, a lost
// consult, and future treatments dated and undated.
const REPORT = `Patient,Date,Proc Code,Provider,Description,Fee,Location
"Ames, Alice",1/10/2026,D0150,Dr Adams,,,Main Street
"Ames, Alice",1/20/2026,FA-ACC-MAX,Dr Adams,,,Main Street
"Ames, Alice",2/3/2026,D0801,Dr Adams,Scan,,Main Street
"${EVIL.replaceAll('"', '""')}",3/5/2026,D0150,dr baker,,,Lakeside
"${EVIL.replaceAll('"', '""')}",3/6/2026,FA-ACC-MAX,dr baker,,,Lakeside
"${EVIL.replaceAll('"', '""')}",3/10/2026,D0801,dr baker,,,Lakeside
"Cole, Cara",3/5/2026,D0150,dr baker,,,Lakeside
"Cole, Cara",3/5/2026,FA-PRES-MAX,dr baker,,,Lakeside
"Cole, Cara",3/20/2026,FA-PF-MAX,dr baker,,,Lakeside
Bob Brown,1/10/2026,D9310,Dr Adams,Consult,,Main Street
Bob Brown,1/10/2026,FA-PRES-MAX,Dr Adams,,,Main Street
Bob Brown,1/10/2026,FA-PRES-MAND,Dr Adams,,,Main Street
`;
const FUTURE = `Patient,Appt Date,Code,Provider,Description,Status
Eve Evans,9/15/2026,D6119,Dr Adams,Temp upper,Scheduled
Bob Brown,,D6118,dr baker,Temp lower,
`;

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  for (const [kind, name, body] of [
    ['raw-data', 'report.csv', REPORT],
    ['future-scheduled', 'future.csv', FUTURE],
  ] as const) {
    const res = await upload(t, admin, kind, name, body, { replace: 'true' });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const json = async <T>(url: string): Promise<T> => (await get(url)).json() as T;

/** Downloads a list's workbook, checking what every export is sent with. */
async function download(url: string, fileName: string): Promise<ExcelJS.Worksheet> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(res.headers['cache-control']).toBe('no-store');
  const book = await readBack(res.rawPayload);
  expect(book.worksheets).toHaveLength(1);
  const ws = book.worksheets[0];
  // The header row stays in view.
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
  return ws;
}

const HEADER = 4;
const dataRows = (ws: ExcelJS.Worksheet, width: number) =>
  Array.from({ length: ws.rowCount - HEADER }, (_, i) => rowValues(ws, HEADER + 1 + i, width));

describe('GET /api/export/details/...', () => {
  it('consults: the list the modal shows, names kept as text', async () => {
    const list = await json<ConsultDetailsResponse>('/api/dashboard/consult-details/consults_won?year=2026');
    const ws = await download(
      '/api/export/details/consults/consults_won?year=2026',
      'consults_won_details.xlsx',
    );
    expect(sheet(ws.workbook, 'Consults Won')).toBe(ws);
    expect(ws.getCell(1, 1).value).toBe('Consults Won: All Providers, 2026');
    expect(rowValues(ws, HEADER, 4)).toEqual(['Patient Name', 'Date', 'Status', 'Provider']);
    expect(dataRows(ws, 4)).toEqual(
      list.details.map((d) => [d.patient_name, excelDate(d.date), d.status, d.provider]),
    );
    expect(list.details.map((d) => d.patient_name)).toContain(EVIL);
    const evil = ws.getColumn(1).values.indexOf(EVIL);
    expect(evil).toBeGreaterThan(HEADER);
    expect(ws.getCell(evil, 1).formula).toBeUndefined();
    expect(ws.getCell(evil, 1).type).toBe(3); // ExcelJS ValueType.String
    expect(ws.getCell(HEADER + 1, 2).numFmt).toBe(DATE_FORMAT);
  });

  it('arch cases: a month or a whole year, with the provider, location and currency format', async () => {
    const query = 'provider=dr%20baker&location=lakeside&year=2026';
    const list = await json<ArchCaseDetailsResponse>(`/api/dashboard/arch-case-details/2026?${query}`);
    const ws = await download(`/api/export/details/arch-cases/2026?${query}`, 'arch_case_details.xlsx');
    expect(ws.getCell(1, 1).value).toBe('Arch Cases: dr baker at Lakeside, 2026');
    expect(rowValues(ws, HEADER, 5)).toEqual(['Patient Name', 'Case Value', 'Date', 'Status', 'Provider']);
    expect(dataRows(ws, 5)).toEqual(
      list.patients.map((p) => [p.patient_name, p.case_value, excelDate(p.date), p.status, p.provider]),
    );
    expect(list.patients.map((p) => p.patient_name)).toEqual([EVIL]);
    expect(ws.getCell(HEADER + 1, 2).numFmt).toBe(CURRENCY_FORMAT);

    const march = await download('/api/export/details/arch-cases/3?year=2026', 'arch_case_details.xlsx');
    expect(march.getCell(1, 1).value).toBe('Arch Cases: All Providers, March 2026');
    expect(march.rowCount).toBe(HEADER + 1);
  });

  it('future cases: TBD as text, every date for all', async () => {
    const list = await json<FutureCaseDetailsResponse>('/api/dashboard/future-case-details/all');
    const ws = await download('/api/export/details/future-cases/all', 'future_case_details.xlsx');
    expect(ws.getCell(1, 1).value).toBe('Future Scheduled Treatments: All Providers, all dates');
    expect(rowValues(ws, HEADER, 5)).toEqual([
      'Patient Name',
      'Case Value',
      'Appointment Date',
      'Procedure',
      'Provider',
    ]);
    expect(dataRows(ws, 5)).toEqual(
      list.treatments.map((x) => [
        x.patient_name,
        x.case_value,
        x.appt_date === null ? 'TBD' : excelDate(x.appt_date),
        x.procedure,
        x.provider,
      ]),
    );
    expect(list.treatments).toHaveLength(2);
  });

  it('pending finance: every open case', async () => {
    const list = await json<PendingFinanceDetailsResponse>('/api/dashboard/pending-finance-details');
    const ws = await download('/api/export/details/pending-finance', 'pending_finance_cases.xlsx');
    expect(ws.getCell(1, 1).value).toBe('Pending Finance Cases: All Providers');
    expect(dataRows(ws, 5)).toEqual(
      list.cases.map((c) => [
        c.patient_name,
        c.case_value,
        excelDate(c.date),
        c.procedure_status,
        c.provider,
      ]),
    );
    expect(list.cases.map((c) => c.patient_name)).toEqual(['Cara Cole']);
  });

  it('an empty list is a header row alone', async () => {
    const ws = await download(
      '/api/export/details/consults/consults_lost?year=2024',
      'consults_lost_details.xlsx',
    );
    expect(ws.rowCount).toBe(HEADER);
  });

  it('refuses a bad type, month or year', async () => {
    const bad = async (url: string, field: string, error: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ success: false, error, code: 'invalid_field', field });
    };
    await bad(
      '/api/export/details/consults/consults_ytd',
      'type',
      'type must be consults_won, consults_lost, pending_finance or future_consults',
    );
    await bad(
      '/api/export/details/arch-cases/2026-13',
      'month',
      'month must be YYYY-MM, a year YYYY, or 1 to 12 with year',
    );
    await bad('/api/export/details/future-cases/soon', 'month', 'month must be YYYY-MM, TBD or all');
    expect((await get('/api/export/details/consults/consults_won?year=abc')).statusCode).toBe(400);
  });

  it('needs a signed-in user, of any role, and audits each export', async () => {
    const urls = [
      '/api/export/details/consults/consults_won',
      '/api/export/details/arch-cases/2026-03',
      '/api/export/details/future-cases/TBD',
      '/api/export/details/pending-finance',
    ];
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    await t.createUser('drdetails', 'provider');
    const provider = await t.login('drdetails', 'secret123');
    for (const url of urls) expect((await get(url, provider)).statusCode, url).toBe(200);

    await get('/api/export/details/arch-cases/2026?provider=Dr%20Adams&location=Main%20Street');
    const events: { action: string; username: string | null; detail: Record<string, unknown> | null }[] = (
      await get('/api/audit?limit=200')
    ).json().events;
    const exports = events.filter((e) => e.action === 'export');
    expect(exports[0]).toMatchObject({
      username: 'admin',
      detail: {
        kind: 'details',
        list: 'arch-case-details',
        month: '2026',
        provider: 'Dr Adams',
        location: 'main street',
        rows: 1,
      },
    });
    expect(exports.filter((e) => e.username === 'drdetails')).toHaveLength(4);
  });
});
