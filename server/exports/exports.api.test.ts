import type ExcelJS from 'exceljs';
import type { ScoresheetRow } from '../../common/api/config';
import type { ArchCasesResponse, ConsultOverview, FutureCaseValueResponse } from '../../common/api/dashboard';
import { initializeSystem } from '../config/service';
import { FLAGS } from '../domain/flags';
import { displayName, patientKey } from '../domain/names';
import { recalculateScoresheet, refreshPatients } from '../scoresheet/recalculate';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { findRow, readBack, rowValues, sheet } from '../test/read-back';
import { excelDate, monthLabel } from './cells';

// No comma: a name with exactly one comma is read as `Last, First` and reordered (rules section 1).
const EVIL = '=HYPERLINK("http://evil.example")';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// [raw name, date, code, provider]: consults, outcomes and scans across two years and three providers.
const PROCEDURES: [string, string, string, string][] = [
  ['Smith, John', '2026-01-10', 'D0150', 'Dr. Adams'],
  ['Smith, John', '2026-01-20', 'FA-PRES-MAX', 'Dr. Adams'],
  ['Smith, John', '2026-02-01', 'FA-ACC-MAX', 'Dr. Adams'],
  ['Smith, John', '2026-02-15', 'D0801', 'Dr. Adams'],
  ['Mary Jones', '2026-02-03', 'D0150', 'Dr. Baker'],
  ['Mary Jones', '2026-02-10', 'FA-PRES-MAX', 'Dr. Baker'],
  ['Mary Jones', '2026-03-01', 'FA-PF-MAX', 'Dr. Baker'],
  [EVIL, '2026-03-05', 'D0150', 'Dr. Baker'],
  [EVIL, '2026-03-05', 'FA-PRES-MAND', 'Dr. Baker'],
  ['Carl Ignored', '2026-01-05', 'D0150', 'Dr. Adams'],
  ['Carl Ignored', '2026-01-06', 'FA-ACC-MAX', 'Dr. Adams'],
  ['Carl Ignored', '2026-01-20', 'D6119', 'Dr. Adams'],
  ['Dana Old', '2025-06-01', 'D0150', 'Dr. Chen'],
  ['Dana Old', '2025-07-01', 'FA-ACC-MAND', 'Dr. Chen'],
  ['Dana Old', '2025-07-02', 'D6118', 'Dr. Chen'],
  ['Ed Browse', '2026-04-01', 'D0150', 'Dr. Chen'],
];
// [raw name, date or null (TBD), code, provider, status]
const APPOINTMENTS: [string, string | null, string, string, string][] = [
  ['Eve New', '2026-05-01', 'D0150', 'Dr. Adams', 'Scheduled'],
  ['Eve New', '2026-05-01', 'D9310', 'Dr. Baker', 'Scheduled'],
  ['Frank Future', '2026-06-10', 'D6119', 'Dr. Baker', 'Scheduled'],
  ['Gina Tbd', null, 'D6118', 'Dr. Adams', 'Confirmed'],
  ['Hal Cancel', '2026-07-01', 'D6119', 'Dr. Adams', 'Cancelled'],
];

async function seed(t: TestContext): Promise<void> {
  await initializeSystem(t.db, { id: null, username: 'test' });
  await t.db.transaction(async (tx) => {
    for (const [name, date, code, provider] of PROCEDURES) {
      await tx.query(
        `INSERT INTO procedures (patient_key, patient_name, date, code, provider, description, amount, location)
         VALUES ($1, $2, $3, $4, $5, NULL, 100, 'Main')`,
        [patientKey(name), displayName(name), date, code, provider],
      );
    }
    for (const [name, date, code, provider, status] of APPOINTMENTS) {
      await tx.query(
        `INSERT INTO future_appointments (patient_key, patient_name, appt_date, code, provider, description, scheduled_status)
         VALUES ($1, $2, $3, $4, $5, NULL, $6)`,
        [patientKey(name), displayName(name), date, code, provider, status],
      );
    }
    await tx.query(
      `INSERT INTO ignore_list (patient_key, patient_name, year_code, notes) VALUES ($1, 'Carl Ignored', '2026', NULL)`,
      [patientKey('Carl Ignored')],
    );
    await refreshPatients(tx);
    await recalculateScoresheet(tx);
  });
}

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  await seed(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function download(url: string, token = admin): Promise<ExcelJS.Workbook> {
  const res = await get(url, token);
  expect(res.statusCode).toBe(200);
  return readBack(res.rawPayload);
}

/** Every figure of the workbook against the dashboard API's JSON for the same query. */
async function expectSameFigures(query: string): Promise<void> {
  const book = await download(`/api/export/dashboard?${query}`);
  const co: ConsultOverview = (await get(`/api/dashboard/consult-overview?${query}`)).json();
  const ac: ArchCasesResponse = (await get(`/api/dashboard/arch-cases-by-month?${query}`)).json();
  const fv: FutureCaseValueResponse = (await get(`/api/dashboard/future-case-value?${query}`)).json();

  const consult = sheet(book, 'Consult Overview');
  const counts = (c: ConsultOverview['totals']) => [
    c.consults_lost,
    c.consults_won,
    c.pending_finance,
    c.consults_ytd,
    c.future_consults,
    c.future_ytd_total,
    c.win_rate,
  ];
  co.providers.forEach((p, i) => {
    expect(rowValues(consult, 5 + i, 8)).toEqual([p.provider, ...counts(p)]);
  });
  const totalRow = findRow(consult, 'Consults YTD Total');
  expect(totalRow).toBe(5 + co.providers.length);
  expect(rowValues(consult, totalRow, 8)).toEqual(['Consults YTD Total', ...counts(co.totals)]);
  const range = co.acceptable_range;
  expect(consult.getCell(findRow(consult, 'Status'), 2).value).toBe(range.variance_status);
  expect(consult.getCell(findRow(consult, 'Mean (Future + YTD)'), 2).value).toBe(range.mean);
  expect(consult.getCell(findRow(consult, 'Lower Bound (-20%)'), 2).value).toBe(range.lower);
  expect(consult.getCell(findRow(consult, 'Upper Bound (+20%)'), 2).value).toBe(range.upper);
  expect(consult.getCell(findRow(consult, 'Providers Outside Range'), 2).value).toBe(
    range.outside.length > 0 ? range.outside.join(', ') : 'None',
  );

  const grids = [
    ['Arch Cases by Month', ac],
    ['Future Scheduled', fv.future_treatments],
  ] as const;
  for (const [name, grid] of grids) {
    const ws = sheet(book, name);
    const width = grid.months.length + 2;
    expect(rowValues(ws, 4, width)).toEqual(['Provider', ...grid.months.map(monthLabel), 'Total']);
    grid.providers.forEach((p, i) => {
      expect(rowValues(ws, 5 + i, width)).toEqual([p.provider, ...grid.months.map((m) => p[m]), p.total]);
    });
    expect(rowValues(ws, 5 + grid.providers.length, width)).toEqual([
      'Grand Total',
      ...grid.months.map((m) => grid.month_totals[m]),
      grid.grand_total,
    ]);
  }

  const pf = sheet(book, 'Pending Finance');
  fv.pending_finance.providers.forEach((p, i) => {
    expect(rowValues(pf, 5 + i, 2)).toEqual([p.provider, p.case_value]);
  });
  expect(rowValues(pf, 5 + fv.pending_finance.providers.length, 2)).toEqual([
    'Grand Total',
    fv.pending_finance.grand_total,
  ]);
}

describe('GET /api/export/dashboard', () => {
  it('sends an .xlsx attachment with the right name', async () => {
    const res = await get('/api/export/dashboard?year=2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dental_tracker_dashboard.xlsx"');
    // An .xlsx file is a zip archive.
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('holds the same figures as the dashboard API', async () => {
    // Guard against a vacuous comparison: the seed gives every panel rows.
    const co: ConsultOverview = (await get('/api/dashboard/consult-overview?year=2026')).json();
    expect(co.providers.map((p) => p.provider)).toEqual(['Dr. Adams', 'Dr. Baker', 'Dr. Chen']);
    expect(co.totals).toMatchObject({ consults_ytd: 4, future_consults: 1, consults_won: 1 });
    await expectSameFigures('year=2026');
    await expectSameFigures('year=2026&provider=Dr.%20Baker');
    await expectSameFigures('year=2025&provider=All%20Providers');
    await expectSameFigures('year=2024');
  });

  it('says how far the data goes, as the Dashboard does, and marks the month it stops in', async () => {
    const { data_through } = (await get('/api/dashboard/last-import-date')).json();
    // Ed Browse's consult of 2026-04-01 is the latest procedure.
    expect(data_through).toBe('2026-04-01');
    const book = await download('/api/export/dashboard?year=2026');
    for (const ws of book.worksheets) expect(ws.getCell('A2').text).toMatch(/Data through 04\/01\/2026$/);
    const trends = sheet(book, 'Monthly Trends');
    expect(trends.getCell('A8').value).toBe('Apr 2026 (to 04/01)');
    // Months begun since (up to today's, the server's) hold no data yet, and say so.
    expect(trends.getCell('A9').value).toBe('May 2026 (no data yet)');
  });

  it('defaults to the current year and answers 400 for a bad year', async () => {
    const book = await download('/api/export/dashboard');
    const year = new Date().getFullYear();
    expect(sheet(book, 'Consult Overview').getCell('A1').value).toBe(
      `Consult Overview — All Providers — ${year}`,
    );
    expect((await get('/api/export/dashboard?year=abc')).statusCode).toBe(400);
  });
});

describe('GET /api/export/scoresheet', () => {
  it('sends one row per scoresheet row with every field, names kept as text', async () => {
    const res = await get('/api/export/scoresheet');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="scoresheet.xlsx"');
    const ws = sheet(await readBack(res.rawPayload), 'Scoresheet');

    const api: ScoresheetRow[] = (await get('/api/scoresheet')).json().scoresheet;
    expect(api.length).toBe(6);
    expect(ws.rowCount).toBe(api.length + 1);
    const byName = new Map(api.map((r) => [r.patient_name, r]));
    for (let r = 2; r <= ws.rowCount; r++) {
      const v = rowValues(ws, r, 26);
      const row = byName.get(String(v[0]));
      expect(row).toBeDefined();
      if (!row) continue;
      expect(v).toEqual([
        row.patient_name,
        row.provider,
        row.location,
        row.score,
        row.procedure_status,
        row.win_loss,
        row.no_of_arches,
        row.case_value,
        excelDate(row.consult_date),
        excelDate(row.date_of_temp_placement),
        excelDate(row.case_date),
        excelDate(row.pending_finance_date),
        excelDate(row.presented_date),
        excelDate(row.accepted_date),
        excelDate(row.perm_date),
        ...FLAGS.map((f) => (row.treatment_flags[f.key] ? 'Yes' : 'No')),
      ]);
    }
    const evil = ws.getCell(findRow(ws, EVIL), 1);
    expect(evil.value).toBe(EVIL);
    expect(evil.formula).toBeUndefined();
  });
});

describe('export access and audit', () => {
  it('needs a signed-in user, of any role', async () => {
    for (const url of ['/api/export/dashboard', '/api/export/scoresheet']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    await t.createUser('drexport', 'provider');
    const provider = await t.login('drexport', 'secret123');
    expect((await get('/api/export/scoresheet', provider)).statusCode).toBe(200);
    expect((await get('/api/export/dashboard?provider=Dr.%20Adams', provider)).statusCode).toBe(200);
  });

  it('writes an audit event for each export', async () => {
    await get('/api/export/dashboard?year=2025&provider=Dr.%20Chen');
    await get('/api/export/scoresheet');
    const events: { action: string; username: string | null; detail: Record<string, unknown> | null }[] = (
      await get('/api/audit?limit=200')
    ).json().events;
    const exports = events.filter((e) => e.action === 'export');
    // Newest first: the two calls above lead.
    expect(exports[0]).toMatchObject({ username: 'admin', detail: { kind: 'scoresheet' } });
    expect(exports[1]).toMatchObject({
      username: 'admin',
      detail: { kind: 'dashboard', provider: 'Dr. Chen', year: 2025 },
    });
    expect(exports.some((e) => e.username === 'drexport')).toBe(true);
  });
});
