import type { jsPDF } from 'jspdf';

/**
 * Figures per month as bars (counts, or dollars when `money`), and optionally a rate from 0 to 100
 * as a line on its own scale at the right.
 */
export interface TrendChart {
  labels: string[];
  bars: { label: string; color: [number, number, number]; values: number[] }[];
  /** null where a month has no rate: the line breaks there rather than drop to 0. */
  line?: { label: string; color: [number, number, number]; values: (number | null)[] };
  /** A target per month on the bars' own scale (the consults goal), drawn as a dashed line. */
  goal?: { label: string; color: [number, number, number]; values: number[] };
  money?: boolean;
  /** Per month, whether it has not happened yet: those months are shaded, with a key. */
  toCome?: boolean[];
}

/** Drawn 267 mm wide (docs/behaviour.md section 9), as vector lines and text. */
export const CHART = { width: 267, height: 62 } as const;

/**
 * Where the plot sits inside the chart's width: `left` and `right` millimetres are kept for the
 * axes' labels. A table drawn under the chart with first and last columns of those widths has
 * its month columns exactly under the months of the chart.
 */
export interface ChartFrame {
  height: number;
  left: number;
  right: number;
}
const DEFAULT_FRAME: ChartFrame = { height: CHART.height, left: 10, right: 12 };

/** `$50k` on a dollar axis, where every step is a round number of hundreds. */
const axisMoney = (value: number) =>
  `$${(value / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`;

const AXIS: [number, number, number] = [170, 176, 182];
const TEXT: [number, number, number] = [90, 96, 102];
/** The shading of the months not yet happened, and its key. */
const TO_COME: [number, number, number] = [233, 236, 239];
export const TO_COME_LABEL = 'Not yet happened';

/**
 * A round step for the value axis: 1, 2 or 5 times a power of ten, about four steps high, and
 * never less than `least` (a whole count, or $100 on a dollar axis).
 */
export function niceStep(max: number, least = 1): number {
  const raw = Math.max(least * 4, max) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/** Draws the chart with its top-left corner at (x, top); returns the y below it. */
export function drawTrendChart(
  doc: jsPDF,
  chart: TrendChart,
  x: number,
  top: number,
  frame: ChartFrame = DEFAULT_FRAME,
): number {
  const legendHeight = 6;
  const plot = {
    left: x + frame.left,
    right: x + CHART.width - frame.right,
    top: top + legendHeight,
    bottom: top + frame.height - 6,
  };
  const height = plot.bottom - plot.top;
  const slot = (plot.right - plot.left) / chart.labels.length;
  // The months not yet happened are shaded first, so the grid and any figure lie over them.
  const toCome = chart.toCome ?? [];
  toCome.forEach((later, i) => {
    if (later) doc.setFillColor(...TO_COME).rect(plot.left + slot * i, plot.top, slot, height, 'F');
  });
  const step = niceStep(
    Math.max(0, ...chart.bars.flatMap((b) => b.values), ...(chart.goal?.values ?? [])),
    chart.money ? 100 : 1,
  );
  const max = step * 4;
  doc.setFont('helvetica', 'normal').setFontSize(7);

  // Grid and scales: counts or dollars on the left, the rate in percent (when drawn) on the right.
  for (let i = 0; i <= 4; i++) {
    const y = plot.bottom - (height * i) / 4;
    doc.setDrawColor(...AXIS).setLineWidth(0.1);
    doc.line(plot.left, y, plot.right, y);
    doc.setTextColor(...TEXT);
    doc.text(chart.money ? axisMoney(step * i) : String(step * i), plot.left - 2, y + 1, { align: 'right' });
    if (chart.line) doc.text(`${25 * i}%`, plot.right + 2, y + 1);
  }

  const barWidth = Math.min(6, (slot * 0.7) / chart.bars.length);
  chart.labels.forEach((label, i) => {
    const centre = plot.left + slot * (i + 0.5);
    chart.bars.forEach((bar, b) => {
      const value = bar.values[i] ?? 0;
      const h = (height * value) / max;
      const left = centre - (barWidth * chart.bars.length) / 2 + b * barWidth;
      doc.setFillColor(...bar.color);
      if (h > 0) doc.rect(left, plot.bottom - h, barWidth, h, 'F');
    });
    doc.setTextColor(...TEXT);
    doc.text(label, centre, plot.bottom + 4, { align: 'center' });
  });

  if (chart.goal) drawGoalLine(doc, chart.goal, plot, slot, max);
  if (chart.line) drawRateLine(doc, chart.line, chart.labels.length, plot, slot);

  // The legend, top right.
  let lx = plot.right;
  const keys = [
    ...chart.bars,
    ...(chart.line ? [chart.line] : []),
    ...(chart.goal ? [chart.goal] : []),
    ...(toCome.some(Boolean) ? [{ label: TO_COME_LABEL, color: TO_COME }] : []),
  ];
  for (const item of keys.reverse()) {
    const width = doc.getTextWidth(item.label);
    lx -= width;
    doc.setTextColor(...TEXT).text(item.label, lx, top + 3);
    // The shading's key is pale: an outline keeps it visible on the white page.
    const outlined = item.color === TO_COME;
    doc
      .setFillColor(...item.color)
      .setDrawColor(...AXIS)
      .setLineWidth(0.1);
    doc.rect(lx - 3.5, top + 1, 2.5, 2.5, outlined ? 'FD' : 'F');
    lx -= 8;
  }
  doc.setLineWidth(0.2);
  return top + frame.height;
}

/**
 * The goal as a dashed line through each month's middle, on the bars' scale, with a short level
 * mark at each month so a month's goal reads even where the line turns.
 */
function drawGoalLine(
  doc: jsPDF,
  goal: NonNullable<TrendChart['goal']>,
  plot: { left: number; bottom: number; top: number },
  slot: number,
  max: number,
) {
  const height = plot.bottom - plot.top;
  const at = (i: number) => ({
    px: plot.left + slot * (i + 0.5),
    py: plot.bottom - (height * Math.min(max, Math.max(0, goal.values[i] ?? 0))) / max,
  });
  doc.setDrawColor(...goal.color).setLineWidth(0.4);
  doc.setLineDashPattern([1.2, 0.8], 0);
  for (let i = 1; i < goal.values.length; i++) {
    const [prev, here] = [at(i - 1), at(i)];
    doc.line(prev.px, prev.py, here.px, here.py);
  }
  doc.setLineDashPattern([], 0);
  for (let i = 0; i < goal.values.length; i++) {
    const { px, py } = at(i);
    doc.line(px - 1.2, py, px + 1.2, py);
  }
  doc.setLineWidth(0.2);
}

/**
 * The rate as straight segments with a dot per month that has one; a month without (null) breaks
 * the line, so no segment claims a rate across it.
 */
function drawRateLine(
  doc: jsPDF,
  line: NonNullable<TrendChart['line']>,
  count: number,
  plot: { left: number; bottom: number; top: number },
  slot: number,
) {
  const height = plot.bottom - plot.top;
  const point = (i: number) => {
    const value = line.values[i];
    if (value === null || value === undefined) return null;
    return {
      px: plot.left + slot * (i + 0.5),
      py: plot.bottom - (height * Math.min(100, Math.max(0, value))) / 100,
    };
  };
  doc
    .setDrawColor(...line.color)
    .setFillColor(...line.color)
    .setLineWidth(0.5);
  for (let i = 0; i < count; i++) {
    const here = point(i);
    if (!here) continue;
    const prev = i > 0 ? point(i - 1) : null;
    if (prev) doc.line(prev.px, prev.py, here.px, here.py);
    doc.circle(here.px, here.py, 0.7, 'F');
  }
}
