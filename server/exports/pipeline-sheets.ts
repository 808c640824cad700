/** The dashboard workbook's Pipeline and Monthly Trends sheets (docs/behaviour.md sections 9 and 13). */
import type ExcelJS from 'exceljs';
import type { PipelineStep } from '../../common/api/dashboard';
import { incompleteMonth, partMonthWords } from '../../common/data-through';
import type { Pipeline, Trends } from '../domain/figures';
import { BOLD, CURRENCY_FORMAT, frameSheet, monthLabel, RATE_FORMAT, styleHeader, writeTitle } from './cells';

const STEP_NAMES: Record<PipelineStep, string> = {
  consulted: 'Consulted',
  presented: 'Presented',
  accepted: 'Accepted',
  surgery: 'Surgery',
  final: 'Final',
};

const MEDIANS: { label: string; key: keyof Pipeline['median_days'] }[] = [
  { label: 'Consult to accept', key: 'consult_to_accept' },
  { label: 'Accept to surgery', key: 'accept_to_surgery' },
  { label: 'Surgery to final', key: 'surgery_to_final' },
];

export function pipelineSheet(ws: ExcelJS.Worksheet, title: string, at: Date, pipeline: Pipeline): void {
  const headerRow = writeTitle(ws, title, at);
  const header = ws.getRow(headerRow);
  header.values = ['Step', 'Count', 'Rate %'];
  styleHeader(header);
  for (const s of pipeline.steps)
    ws.addRow([STEP_NAMES[s.step], s.count, s.rate]).getCell(3).numFmt = RATE_FORMAT;
  ws.addRow([]);
  const medians = ws.addRow(['Median days', 'Days']);
  styleHeader(medians);
  // A step no consult has reached yet has no median: the cell says so instead of a zero.
  for (const m of MEDIANS) ws.addRow([m.label, pipeline.median_days[m.key] ?? 'n/a']);
  ws.getColumn(1).width = 22;
  ws.getColumn(2).width = 12;
  ws.getColumn(3).width = 10;
  frameSheet(ws, headerRow);
}

/**
 * The Monthly Trends by month; the month the data stops part-way through (`through`, section 6.6)
 * is labelled with its last day, `Nov 2026 (to 11/01)`, as its figures are not a whole month's.
 */
export function trendsSheet(
  ws: ExcelJS.Worksheet,
  title: string,
  at: Date,
  trends: Trends,
  through: string | null,
): void {
  const partial = incompleteMonth(through);
  const dataMonth = through?.slice(0, 7) ?? null;
  const toCome = new Set(trends.months_to_come);
  // The incomplete month says how far it goes; a month begun after the data stops, that it has none.
  const rowLabel = (month: string) => {
    if (month === partial && through) return `${monthLabel(month)} (${partMonthWords(through)})`;
    if (dataMonth !== null && month > dataMonth && !toCome.has(month))
      return `${monthLabel(month)} (no data yet)`;
    return monthLabel(month);
  };
  const headerRow = writeTitle(ws, title, at);
  const header = ws.getRow(headerRow);
  header.values = ['Month', 'Consults', 'Won', 'Win Rate %', 'Arch Case Value'];
  styleHeader(header);
  trends.months.forEach((month, i) => {
    const row = ws.addRow([
      rowLabel(month),
      trends.consults[i],
      trends.won[i],
      trends.win_rate[i],
      trends.arch_value[i],
    ]);
    row.getCell(4).numFmt = RATE_FORMAT;
    row.getCell(5).numFmt = CURRENCY_FORMAT;
  });
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const total = ws.addRow(['Year', sum(trends.consults), sum(trends.won), null, sum(trends.arch_value)]);
  total.font = BOLD;
  total.getCell(5).numFmt = CURRENCY_FORMAT;
  ws.getColumn(1).width = 20;
  for (const c of [2, 3, 4]) ws.getColumn(c).width = 12;
  ws.getColumn(5).width = 16;
  frameSheet(ws, headerRow);
}
