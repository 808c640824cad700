import type { jsPDF } from 'jspdf';
import { formatWinRate } from './format';
import { CHART } from './trend-chart';

/** A rate from 0 to 100 per provider, as horizontal bars: the Dashboard's Win Rate % by Provider. */
export interface ProviderChart {
  /** Each provider's name as wrapped lines (the tables' wrapping) and its rate. */
  rows: { lines: string[]; value: number }[];
  color: [number, number, number];
}

const AXIS: [number, number, number] = [170, 176, 182];
const TEXT: [number, number, number] = [90, 96, 102];
const INK: [number, number, number] = [33, 37, 41];

// 7.5 pt text: 2.9 mm a line. A bar row is at least 5 mm, more for a name on two or three lines.
const LINE = 2.9;
const AXIS_HEIGHT = 6;

export const providerRowHeight = (row: ProviderChart['rows'][number]) =>
  Math.max(5, row.lines.length * LINE + 1.6);

/** The height of the chart drawing `rows`, its scale included. */
export const providerChartHeight = (rows: ProviderChart['rows']) =>
  rows.reduce((sum, row) => sum + providerRowHeight(row), 0) + AXIS_HEIGHT + 1;

/**
 * Draws `rows` (all of the chart's rows, or a page's share of them) with the top-left corner at
 * (x, top), 267 mm wide like every chart of the report, with the 0-100% scale under them.
 * `labelWidth` is kept on the left for the names. Returns the y below the chart.
 */
export function drawProviderChart(
  doc: jsPDF,
  chart: ProviderChart,
  rows: ProviderChart['rows'],
  x: number,
  top: number,
  labelWidth: number,
): number {
  const left = x + labelWidth;
  // Room on the right for a full bar's value label.
  const right = x + CHART.width - 14;
  const bottom = top + rows.reduce((sum, row) => sum + providerRowHeight(row), 0);
  doc.setFont('helvetica', 'normal').setFontSize(7);
  for (let i = 0; i <= 4; i++) {
    const gx = left + ((right - left) * i) / 4;
    doc.setDrawColor(...AXIS).setLineWidth(0.1);
    doc.line(gx, top, gx, bottom);
    doc.setTextColor(...TEXT);
    doc.text(`${25 * i}%`, gx, bottom + 4, { align: 'center' });
  }

  let y = top;
  for (const row of rows) {
    const height = providerRowHeight(row);
    const middle = y + height / 2;
    doc.setFontSize(7.5).setTextColor(...INK);
    // Lines centred on the bar: the first baseline sits half the block above the middle.
    const firstBaseline = middle - ((row.lines.length - 1) * LINE) / 2 + 1;
    row.lines.forEach((line, i) => {
      doc.text(line, x, firstBaseline + i * LINE);
    });
    const value = Math.min(100, Math.max(0, Number.isFinite(row.value) ? row.value : 0));
    const width = ((right - left) * value) / 100;
    if (width > 0) doc.setFillColor(...chart.color).rect(left, middle - 1.6, width, 3.2, 'F');
    doc.setFontSize(7).setTextColor(...TEXT);
    doc.text(formatWinRate(row.value), left + width + 1.5, middle + 1);
    y += height;
  }
  doc.setDrawColor(...AXIS).setLineWidth(0.2);
  doc.line(left, top, left, bottom);
  return bottom + AXIS_HEIGHT;
}
