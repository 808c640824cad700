/**
 * dental_tracker_dashboard.xlsx (docs/behaviour.md section 9): one sheet per dashboard panel, from the same
 * figure objects the dashboard API sends, so the two can never disagree.
 */
import ExcelJS from 'exceljs';
import { dataThroughWords } from '../../common/data-through';
import { outsideSentences, type VarianceTone, varianceTone } from '../../common/variance-words';
import {
  type ConsultCounts,
  type ConsultOverview,
  type FutureCaseValue,
  type MarketingReturn,
  type MonthGrid,
  type Pipeline,
  providerFilter,
  providerLabel,
  type Trends,
} from '../domain/figures';
import type { GoalProgress } from '../domain/figures/goals';
import {
  BOLD,
  CURRENCY_FORMAT,
  DECIMAL_FORMAT,
  fitWidth,
  frameSheet,
  monthLabel,
  RATE_FORMAT,
  styleHeader,
  toBuffer,
  writeTitle,
} from './cells';
import { goalsSheet } from './goals-sheet';
import { marketingSheet } from './marketing-sheet';
import { pipelineSheet, trendsSheet } from './pipeline-sheets';

/** The status in green, blue when the only ones outside are above the range (no alarm), else red. */
const TONE_COLOURS: Record<VarianceTone, string> = {
  good: 'FF2F9E44',
  neutral: 'FF1971C2',
  warning: 'FFE03131',
};

export type DashboardWorkbookInput = {
  /** The provider filter as asked; the sheet titles show its meaning (rules section 6). */
  provider: string | null | undefined;
  /** The location chosen, as the data spells it; null for every location. */
  location: string | null;
  year: number;
  overview: ConsultOverview;
  archCases: MonthGrid;
  futureValue: FutureCaseValue;
  pipeline: Pipeline;
  trends: Trends;
  /** The goals to date (section 16); null with a location chosen, as goals cover every location. */
  goals: GoalProgress | null;
  /**
   * The return by source (section 19): only for managers, coordinators and admins, null for anyone
   * else, who gets no Marketing sheet at all.
   */
  marketing?: MarketingReturn | null;
  /** The day the data runs to (docs/behaviour.md section 6.6); null with no procedure. */
  dataThrough: string | null;
  generatedAt: Date;
};

const MONEY_WIDTH = 14;
const TOTAL_LABEL_WIDTH = 20;

const COUNT_COLUMNS: { header: string; key: keyof ConsultCounts }[] = [
  { header: 'Consults Lost', key: 'consults_lost' },
  { header: 'Consults Won', key: 'consults_won' },
  { header: 'Pending Finance', key: 'pending_finance' },
  { header: 'Consults YTD', key: 'consults_ytd' },
  { header: 'Future Consults', key: 'future_consults' },
  { header: 'Future + YTD', key: 'future_ytd_total' },
  { header: 'Win Rate %', key: 'win_rate' },
];

export async function buildDashboardWorkbook(input: DashboardWorkbookInput): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Full Arch Tracker';
  book.created = input.generatedAt;
  // Every location is the default and goes unsaid; a chosen one is named in every title.
  const who = [providerLabel(providerFilter(input.provider)), input.location].filter(Boolean).join(' — ');
  const title = (panel: string, year?: number) =>
    year === undefined ? `${panel} — ${who}` : `${panel} — ${who} — ${year}`;
  const at = input.generatedAt;

  // First, as the meeting opens on where the year stands against plan.
  goalsSheet(book.addWorksheet('Goals'), title('Goals', input.year), at, input.year, input.goals);
  consultSheet(
    book.addWorksheet('Consult Overview'),
    title('Consult Overview', input.year),
    at,
    input.overview,
  );
  gridSheet(
    book.addWorksheet('Arch Cases by Month'),
    title('Arch Cases by Provider by Month', input.year),
    at,
    input.archCases,
  );
  // Future treatments and pending finance take no year (rules section 6.3): their titles say so.
  gridSheet(
    book.addWorksheet('Future Scheduled'),
    title('Future Scheduled Treatments by Month'),
    at,
    input.futureValue.future_treatments,
  );
  pendingSheet(book.addWorksheet('Pending Finance'), title('Pending Finance Cases'), at, input.futureValue);
  pipelineSheet(book.addWorksheet('Pipeline'), title('Pipeline', input.year), at, input.pipeline);
  trendsSheet(
    book.addWorksheet('Monthly Trends'),
    title('Monthly Trends', input.year),
    at,
    input.trends,
    input.dataThrough,
  );
  // Last, as the money side of the year, for those who see it. It takes no provider: every one's.
  if (input.marketing) {
    const where = [input.location, input.year].filter(Boolean).join(' — ');
    marketingSheet(book.addWorksheet('Marketing'), `Marketing Return — ${where}`, at, input.marketing);
  }
  // Every sheet says how far the data goes beside when it was made: a sheet is often read alone.
  for (const ws of book.worksheets) {
    ws.getCell(2, 1).value = `${ws.getCell(2, 1).text}   |   ${dataThroughWords(input.dataThrough)}`;
  }
  return toBuffer(book);
}

function consultSheet(ws: ExcelJS.Worksheet, title: string, at: Date, overview: ConsultOverview): void {
  const headerRow = writeTitle(ws, title, at);
  const header = ws.getRow(headerRow);
  header.values = ['Provider Name', ...COUNT_COLUMNS.map((c) => c.header)];
  styleHeader(header);
  const countsRow = (label: string, counts: ConsultCounts) => {
    const row = ws.addRow([label, ...COUNT_COLUMNS.map((c) => counts[c.key])]);
    row.getCell(COUNT_COLUMNS.length + 1).numFmt = RATE_FORMAT;
    return row;
  };
  for (const p of overview.providers) countsRow(p.provider, p);
  countsRow('Consults YTD Total', overview.totals).font = BOLD;

  const range = overview.acceptable_range;
  ws.addRow([]);
  ws.addRow(['Variance Analysis']).font = BOLD;
  const status = ws.addRow(['Status', range.variance_status]);
  status.getCell(2).font = { bold: true, color: { argb: TONE_COLOURS[varianceTone(overview)] } };
  for (const [label, value] of [
    ['Mean (Future + YTD)', range.mean],
    ['Lower Bound (-20%)', range.lower],
    ['Upper Bound (+20%)', range.upper],
  ] as const) {
    ws.addRow([label, value]).getCell(2).numFmt = DECIMAL_FORMAT;
  }
  ws.addRow(['Providers Outside Range', range.outside.length > 0 ? range.outside.join(', ') : 'None']);
  // Which side each is on, in the Dashboard's words: above the range is good news.
  for (const sentence of outsideSentences(overview)) ws.addRow([sentence]);

  ws.getColumn(1).width = fitWidth(
    overview.providers.map((p) => p.provider),
    Math.max(TOTAL_LABEL_WIDTH, 'Providers Outside Range'.length + 2),
  );
  for (let c = 2; c <= COUNT_COLUMNS.length + 1; c++) ws.getColumn(c).width = 14;
  frameSheet(ws, headerRow);
}

/** A provider-by-month money grid (6.2 and 6.3) with row totals and a bold Grand Total row. */
function gridSheet(ws: ExcelJS.Worksheet, title: string, at: Date, grid: MonthGrid): void {
  const headerRow = writeTitle(ws, title, at);
  const header = ws.getRow(headerRow);
  header.values = ['Provider', ...grid.months.map(monthLabel), 'Total'];
  styleHeader(header);
  for (const p of grid.providers) {
    ws.addRow([p.provider, ...grid.months.map((m) => Number(p[m] ?? 0)), p.total]);
  }
  const grand = ws.addRow([
    'Grand Total',
    ...grid.months.map((m) => grid.month_totals[m] ?? 0),
    grid.grand_total,
  ]);
  grand.font = BOLD;

  const last = grid.months.length + 2;
  ws.getColumn(1).width = fitWidth(
    grid.providers.map((p) => p.provider),
    TOTAL_LABEL_WIDTH,
  );
  for (let c = 2; c <= last; c++) {
    const column = ws.getColumn(c);
    column.width = MONEY_WIDTH;
    // Per cell below the header, so the title and header rows keep their own formats.
    for (let r = headerRow + 1; r <= ws.rowCount; r++) ws.getCell(r, c).numFmt = CURRENCY_FORMAT;
  }
  frameSheet(ws, headerRow, 1);
}

function pendingSheet(ws: ExcelJS.Worksheet, title: string, at: Date, value: FutureCaseValue): void {
  const headerRow = writeTitle(ws, title, at);
  const header = ws.getRow(headerRow);
  header.values = ['Provider', 'Case Value'];
  styleHeader(header);
  const { providers, grand_total } = value.pending_finance;
  for (const p of providers) ws.addRow([p.provider, p.case_value]).getCell(2).numFmt = CURRENCY_FORMAT;
  const grand = ws.addRow(['Grand Total', grand_total]);
  grand.font = BOLD;
  grand.getCell(2).numFmt = CURRENCY_FORMAT;
  ws.getColumn(1).width = fitWidth(
    providers.map((p) => p.provider),
    TOTAL_LABEL_WIDTH,
  );
  ws.getColumn(2).width = MONEY_WIDTH;
  frameSheet(ws, headerRow);
}
