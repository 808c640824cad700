import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import {
  buildMonthGrid,
  type ConsultOverview,
  type FutureCaseValue,
  type Pipeline,
  type Trends,
  yearMonths,
} from '../domain/figures';
import type { GoalProgress } from '../domain/figures/goals';
import { findRow, PRINTED, printSettings, readBack, rowValues, sheet } from '../test/read-back';
import { CURRENCY_FORMAT, DECIMAL_FORMAT, RATE_FORMAT } from './cells';
import { buildDashboardWorkbook } from './dashboard-workbook';

const EVIL = '=HYPERLINK("http://x","y")';

const overview: ConsultOverview = {
  providers: [
    {
      provider: 'Dr. Adams',
      consults_lost: 1,
      consults_won: 3,
      pending_finance: 1,
      consults_ytd: 6,
      future_consults: 2,
      future_ytd_total: 8,
      win_rate: 50,
    },
    {
      provider: EVIL,
      consults_lost: 0,
      consults_won: 1,
      pending_finance: 0,
      consults_ytd: 3,
      future_consults: 0,
      future_ytd_total: 3,
      win_rate: 33.3,
    },
  ],
  totals: {
    consults_lost: 1,
    consults_won: 4,
    pending_finance: 1,
    consults_ytd: 9,
    future_consults: 2,
    future_ytd_total: 11,
    win_rate: 44.4,
  },
  acceptable_range: {
    mean: 5.5,
    lower: 4.4,
    upper: 6.6,
    variance_status: 'Variance Too Large',
    outside: ['Dr. Adams', EVIL],
  },
};

const archCases = buildMonthGrid(yearMonths(2026), [
  { provider: 'Dr. Adams', month: '2026-01', value: 14995 },
  { provider: 'Dr. Adams', month: '2026-03', value: 29990 },
  { provider: EVIL, month: '2026-03', value: 14995.5 },
]);

const futureGrid = buildMonthGrid(
  ['2026-05', 'TBD'],
  [
    { provider: 'Dr. Adams', month: '2026-05', value: 14995 },
    { provider: 'Dr. Baker', month: 'TBD', value: 100.25 },
  ],
);
const futureValue: FutureCaseValue = {
  future_treatments: { ...futureGrid, dates: [...futureGrid.months] },
  pending_finance: {
    providers: [
      { provider: 'Dr. Adams', case_value: 29990 },
      { provider: 'Dr. Baker', case_value: 14995 },
    ],
    grand_total: 44985,
  },
};

const generatedAt = new Date('2026-03-04T10:30:00Z');

const PIPELINE: Pipeline = {
  steps: [
    { step: 'consulted', count: 10, rate: 100 },
    { step: 'presented', count: 8, rate: 80 },
    { step: 'accepted', count: 5, rate: 50 },
    { step: 'surgery', count: 3, rate: 30 },
    { step: 'final', count: 1, rate: 10 },
  ],
  median_days: { consult_to_accept: 12.5, accept_to_surgery: 30, surgery_to_final: null },
};
const TRENDS: Trends = {
  months: yearMonths(2026),
  consults: [3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  won: [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  win_rate: [66.7, 50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  arch_value: [29990, 14995, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  months_to_come: [],
};
const GOALS: GoalProgress = {
  through: '2026-03',
  providers: [
    {
      provider: EVIL,
      consults: { goal: 9, actual: 3, percent: 33.3 },
      won: { goal: null, actual: 1, percent: null },
      arch_value: { goal: 30000.5, actual: 29990, percent: 100 },
    },
  ],
  totals: {
    consults: { goal: 9, actual: 3, percent: 33.3 },
    won: { goal: null, actual: 0, percent: null },
    arch_value: { goal: 30000.5, actual: 29990, percent: 100 },
  },
};
let book: ExcelJS.Workbook;
let body: Buffer;
beforeAll(async () => {
  body = await buildDashboardWorkbook({
    provider: 'all',
    location: null,
    year: 2026,
    overview,
    archCases,
    futureValue,
    pipeline: PIPELINE,
    trends: TRENDS,
    goals: GOALS,
    dataThrough: '2026-02-14',
    generatedAt,
  });
  book = await readBack(body);
});

const frozenRows = (ws: ExcelJS.Worksheet) => {
  const view = ws.views[0];
  return view?.state === 'frozen' ? view.ySplit : undefined;
};

describe('buildDashboardWorkbook', () => {
  it('has one sheet per panel, each with a title and a frozen header row', () => {
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Goals',
      'Consult Overview',
      'Arch Cases by Month',
      'Future Scheduled',
      'Pending Finance',
      'Pipeline',
      'Monthly Trends',
    ]);
    const co = sheet(book, 'Consult Overview');
    expect(co.getCell('A1').value).toBe('Consult Overview — All Providers — 2026');
    // How far the data goes, on every sheet, as a sheet is often read alone.
    expect(co.getCell('A2').value).toBe('Generated 2026-03-04 10:30 UTC   |   Data through 02/14/2026');
    for (const ws of book.worksheets)
      expect(ws.getCell('A2').text).toMatch(/\| {3}Data through 02\/14\/2026$/);
    expect(sheet(book, 'Future Scheduled').getCell('A1').value).toBe(
      'Future Scheduled Treatments by Month — All Providers',
    );
    for (const ws of book.worksheets) {
      expect(frozenRows(ws)).toBe(4);
      expect(ws.getCell(4, 1).font?.bold).toBe(true);
      expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(20);
    }
  });

  it('prints every sheet landscape, one page wide, with its title and header rows on every page', () => {
    for (const ws of book.worksheets) expect(printSettings(ws), ws.name).toEqual(PRINTED(4));
    // The month grid keeps the provider column in view as it scrolls across.
    expect(sheet(book, 'Arch Cases by Month').views[0]).toMatchObject({ state: 'frozen', xSplit: 1 });
  });

  it('names the provider asked for in the titles', async () => {
    const one = await readBack(
      await buildDashboardWorkbook({
        provider: '  Dr.   Adams ',
        location: null,
        year: 2025,
        overview,
        archCases,
        futureValue,
        pipeline: PIPELINE,
        trends: TRENDS,
        goals: null,
        dataThrough: '2026-02-14',
        generatedAt,
      }),
    );
    expect(sheet(one, 'Arch Cases by Month').getCell('A1').value).toBe(
      'Arch Cases by Provider by Month — Dr. Adams — 2025',
    );
  });

  it('names the location chosen in every title', async () => {
    const one = await readBack(
      await buildDashboardWorkbook({
        provider: undefined,
        location: 'Lakeside',
        year: 2025,
        overview,
        archCases,
        futureValue,
        pipeline: PIPELINE,
        trends: TRENDS,
        goals: null,
        dataThrough: '2026-02-14',
        generatedAt,
      }),
    );
    expect(sheet(one, 'Consult Overview').getCell('A1').value).toBe(
      'Consult Overview — All Providers — Lakeside — 2025',
    );
    expect(sheet(one, 'Pending Finance').getCell('A1').value).toBe(
      'Pending Finance Cases — All Providers — Lakeside',
    );
  });

  it('writes the consult overview with a bold totals row and the variance analysis', () => {
    const ws = sheet(book, 'Consult Overview');
    expect(rowValues(ws, 4, 8)).toEqual([
      'Provider Name',
      'Consults Lost',
      'Consults Won',
      'Pending Finance',
      'Consults YTD',
      'Future Consults',
      'Future + YTD',
      'Win Rate %',
    ]);
    expect(rowValues(ws, 5, 8)).toEqual(['Dr. Adams', 1, 3, 1, 6, 2, 8, 50]);
    expect(rowValues(ws, 6, 8)).toEqual([EVIL, 0, 1, 0, 3, 0, 3, 33.3]);
    expect(ws.getCell(5, 8).numFmt).toBe(RATE_FORMAT);
    const total = findRow(ws, 'Consults YTD Total');
    expect(total).toBe(7);
    expect(rowValues(ws, total, 8)).toEqual(['Consults YTD Total', 1, 4, 1, 9, 2, 11, 44.4]);
    for (let c = 1; c <= 8; c++) expect(ws.getCell(total, c).font?.bold).toBe(true);
    expect(ws.getCell(5, 1).font?.bold).toBeFalsy();
    expect(ws.getCell(total, 8).numFmt).toBe(RATE_FORMAT);

    expect(ws.getCell(findRow(ws, 'Status'), 2).value).toBe('Variance Too Large');
    const mean = findRow(ws, 'Mean (Future + YTD)');
    expect(rowValues(ws, mean, 2)).toEqual(['Mean (Future + YTD)', 5.5]);
    expect(ws.getCell(mean, 2).numFmt).toBe(DECIMAL_FORMAT);
    expect(ws.getCell(findRow(ws, 'Lower Bound (-20%)'), 2).value).toBe(4.4);
    expect(ws.getCell(findRow(ws, 'Upper Bound (+20%)'), 2).value).toBe(6.6);
    expect(ws.getCell(findRow(ws, 'Providers Outside Range'), 2).value).toBe(`Dr. Adams, ${EVIL}`);
    // Each side in words, as on the Dashboard (Adams's 8 is above the mean 5.5); text stays text.
    const above = findRow(ws, 'Above the range (doing better than the group): Dr. Adams.');
    expect(ws.getCell(above + 1, 1).value).toBe(`Below the range (behind the group): ${EVIL}.`);
    // Someone below the range: the status is a warning.
    expect(ws.getCell(findRow(ws, 'Status'), 2).font?.color?.argb).toBe('FFE03131');
  });

  it('draws the status without alarm when the only ones outside the range are above it', async () => {
    const onlyAbove = await readBack(
      await buildDashboardWorkbook({
        provider: 'all',
        location: null,
        year: 2026,
        overview: { ...overview, acceptable_range: { ...overview.acceptable_range, outside: ['Dr. Adams'] } },
        archCases,
        futureValue,
        pipeline: PIPELINE,
        trends: TRENDS,
        goals: null,
        dataThrough: '2026-02-14',
        generatedAt,
      }),
    );
    const ws = sheet(onlyAbove, 'Consult Overview');
    expect(ws.getCell(findRow(ws, 'Status'), 2).font?.color?.argb).toBe('FF1971C2');
    const above = findRow(ws, 'Above the range (doing better than the group): Dr. Adams.');
    expect(ws.getCell(above + 1, 1).value ?? null).toBeNull();
  });

  it('writes the arch cases grid in currency with readable months and a bold Grand Total', () => {
    const ws = sheet(book, 'Arch Cases by Month');
    const header = rowValues(ws, 4, 14);
    expect(header[0]).toBe('Provider');
    expect(header.slice(1, 4)).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(header[12]).toBe('Dec 2026');
    expect(header[13]).toBe('Total');
    // buildMonthGrid sorts providers by name: '=' comes before 'D'.
    expect(rowValues(ws, 5, 14)).toEqual([EVIL, 0, 0, 14995.5, ...Array(9).fill(0), 14995.5]);
    expect(rowValues(ws, 6, 14)).toEqual(['Dr. Adams', 14995, 0, 29990, ...Array(9).fill(0), 44985]);
    const grand = findRow(ws, 'Grand Total');
    expect(rowValues(ws, grand, 14)).toEqual([
      'Grand Total',
      14995,
      0,
      44985.5,
      ...Array(9).fill(0),
      59980.5,
    ]);
    expect(ws.getCell(grand, 14).font?.bold).toBe(true);
    expect(ws.getCell(grand, 1).font?.bold).toBe(true);
    for (const r of [5, 6, grand]) {
      for (let c = 2; c <= 14; c++) expect(ws.getCell(r, c).numFmt).toBe(CURRENCY_FORMAT);
    }
    expect(ws.getCell(4, 2).numFmt).not.toBe(CURRENCY_FORMAT);
  });

  it('writes future scheduled months with TBD last, and pending finance by provider', () => {
    const fs = sheet(book, 'Future Scheduled');
    expect(rowValues(fs, 4, 4)).toEqual(['Provider', 'May 2026', 'TBD', 'Total']);
    expect(rowValues(fs, 5, 4)).toEqual(['Dr. Adams', 14995, 0, 14995]);
    expect(rowValues(fs, 6, 4)).toEqual(['Dr. Baker', 0, 100.25, 100.25]);
    expect(rowValues(fs, 7, 4)).toEqual(['Grand Total', 14995, 100.25, 15095.25]);
    expect(fs.getCell(7, 4).font?.bold).toBe(true);
    expect(fs.getCell(6, 3).numFmt).toBe(CURRENCY_FORMAT);

    const pf = sheet(book, 'Pending Finance');
    expect(rowValues(pf, 4, 2)).toEqual(['Provider', 'Case Value']);
    expect(rowValues(pf, 5, 2)).toEqual(['Dr. Adams', 29990]);
    expect(rowValues(pf, 6, 2)).toEqual(['Dr. Baker', 14995]);
    expect(rowValues(pf, 7, 2)).toEqual(['Grand Total', 44985]);
    expect(pf.getCell(7, 2).font?.bold).toBe(true);
    expect(pf.getCell(5, 2).numFmt).toBe(CURRENCY_FORMAT);
    expect(pf.getCell(7, 2).numFmt).toBe(CURRENCY_FORMAT);
  });

  it('keeps a name that looks like a formula as a plain string cell', () => {
    const cell = sheet(book, 'Consult Overview').getCell(6, 1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.formula).toBeUndefined();
    // A second reader, so the check does not rest on ExcelJS reading back its own output.
    const other = XLSX.read(body, { type: 'buffer', cellFormula: true });
    const a6 = other.Sheets['Consult Overview'].A6;
    expect(a6).toMatchObject({ t: 's', v: EVIL });
    expect(a6.f).toBeUndefined();
  });

  it('writes header and totals rows even with no data', async () => {
    const empty = buildMonthGrid(yearMonths(2026), []);
    const none = await readBack(
      await buildDashboardWorkbook({
        provider: undefined,
        location: null,
        year: 2026,
        overview: {
          providers: [],
          totals: {
            ...overview.totals,
            consults_lost: 0,
            consults_won: 0,
            pending_finance: 0,
            consults_ytd: 0,
          },
          acceptable_range: {
            mean: 0,
            lower: 0,
            upper: 0,
            variance_status: 'Acceptable Variance',
            outside: [],
          },
        },
        archCases: empty,
        futureValue: {
          future_treatments: { ...buildMonthGrid([], []), dates: [] },
          pending_finance: { providers: [], grand_total: 0 },
        },
        pipeline: PIPELINE,
        trends: TRENDS,
        goals: null,
        dataThrough: '2026-02-14',
        generatedAt,
      }),
    );
    const co = sheet(none, 'Consult Overview');
    expect(co.getCell(5, 1).value).toBe('Consults YTD Total');
    expect(co.getCell(findRow(co, 'Providers Outside Range'), 2).value).toBe('None');
    expect(rowValues(sheet(none, 'Future Scheduled'), 5, 2)).toEqual(['Grand Total', 0]);
    expect(rowValues(sheet(none, 'Pending Finance'), 5, 2)).toEqual(['Grand Total', 0]);
  });

  it('writes the pipeline with its medians, and the twelve months of trends', () => {
    const p = sheet(book, 'Pipeline');
    expect(p.getCell('A1').value).toBe('Pipeline — All Providers — 2026');
    expect(rowValues(p, 4, 3)).toEqual(['Step', 'Count', 'Rate %']);
    expect(rowValues(p, 5, 3)).toEqual(['Consulted', 10, 100]);
    expect(rowValues(p, 9, 3)).toEqual(['Final', 1, 10]);
    expect(rowValues(p, findRow(p, 'Consult to accept'), 2)).toEqual(['Consult to accept', 12.5]);
    expect(rowValues(p, findRow(p, 'Surgery to final'), 2)).toEqual(['Surgery to final', 'n/a']);
    const t = sheet(book, 'Monthly Trends');
    expect(rowValues(t, 4, 5)).toEqual(['Month', 'Consults', 'Won', 'Win Rate %', 'Arch Case Value']);
    expect(rowValues(t, 5, 5)).toEqual(['Jan 2026', 3, 2, 66.7, 29990]);
    // The data runs to February 14: February is not a whole month, and says so.
    expect(rowValues(t, 6, 5)).toEqual(['Feb 2026 (to 02/14)', 2, 1, 50, 14995]);
    // No month is to come in this fixture (as seen after the year): the months after the data say so.
    expect(t.getCell('A7').value).toBe('Mar 2026 (no data yet)');
    expect(rowValues(t, 17, 5)).toEqual(['Year', 5, 3, null, 44985]);
    expect(t.getCell('E5').numFmt).toBe(CURRENCY_FORMAT);
    expect(t.getCell('D5').numFmt).toBe(RATE_FORMAT);
  });

  it('writes the goals to date, the totals first and bold, names as text', () => {
    const g = sheet(book, 'Goals');
    expect(g.getCell('A1').value).toBe('Goals — All Providers — 2026');
    expect(g.getCell('A3').value).toBe('Through Mar 2026');
    expect(rowValues(g, 4, 5)).toEqual(['Provider', 'Metric', 'Goal to Date', 'Actual', 'Percent %']);
    expect(rowValues(g, 5, 5)).toEqual(['All providers with a goal', 'Consults', 9, 3, 33.3]);
    expect(rowValues(g, 6, 5)).toEqual(['All providers with a goal', 'Cases won', 'No goal', 0, 'n/a']);
    expect(rowValues(g, 7, 5)).toEqual(['All providers with a goal', 'Arch value', 30000.5, 29990, 100]);
    expect(g.getCell(5, 1).font?.bold).toBe(true);
    expect(rowValues(g, 8, 5)).toEqual([EVIL, 'Consults', 9, 3, 33.3]);
    expect(g.getCell(8, 1).type).toBe(ExcelJS.ValueType.String);
    expect(g.getCell(8, 1).font?.bold).toBeFalsy();
    expect(g.getCell(10, 3).numFmt).toBe(CURRENCY_FORMAT);
    expect(g.getCell(10, 4).numFmt).toBe(CURRENCY_FORMAT);
    expect(g.getCell(8, 5).numFmt).toBe(RATE_FORMAT);
  });

  it('says why there are no goals: a location chosen, none set, or a year not begun', async () => {
    const build = async (location: string | null, goals: GoalProgress | null) =>
      sheet(
        await readBack(
          await buildDashboardWorkbook({
            provider: undefined,
            location,
            year: 2027,
            overview,
            archCases,
            futureValue,
            pipeline: PIPELINE,
            trends: TRENDS,
            goals,
            dataThrough: '2026-02-14',
            generatedAt,
          }),
        ),
        'Goals',
      );
    expect((await build('Lakeside', null)).getCell('A4').value).toBe(
      'Goals cover every location: choose All Locations to see them.',
    );
    const none = await build(null, { ...GOALS, providers: [] });
    expect(none.getCell('A4').value).toBe('No goals are set for 2027.');
    // Printed as every other sheet is.
    expect(none.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1 });
    expect((await build(null, { ...GOALS, through: null })).getCell('A3').value).toBe(
      '2027 has not begun: nothing is counted yet.',
    );
  });
});
