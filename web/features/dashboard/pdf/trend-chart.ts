import type { jsPDF } from 'jspdf';

/** Counts per month as bars, and a rate from 0 to 100 as a line on its own scale. */
export interface TrendChart {
  labels: string[];
  bars: { label: string; color: [number, number, number]; values: number[] }[];
  line: { label: string; color: [number, number, number]; values: number[] };
}

/** Drawn 267 mm wide (docs/behaviour.md section 9), as vector lines and text. */
export const CHART = { width: 267, height: 62 } as const;

const AXIS: [number, number, number] = [170, 176, 182];
const TEXT: [number, number, number] = [90, 96, 102];

/** A round step for the count axis: 1, 2 or 5 times a power of ten, about four steps high. */
function niceStep(max: number): number {
  const raw = Math.max(1, max) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/** Draws the chart with its top-left corner at (x, top); returns the y below it. */
export function drawTrendChart(doc: jsPDF, chart: TrendChart, x: number, top: number): number {
  const legendHeight = 6;
  const plot = {
    left: x + 10,
    right: x + CHART.width - 12,
    top: top + legendHeight,
    bottom: top + CHART.height - 6,
  };
  const height = plot.bottom - plot.top;
  const step = niceStep(Math.max(0, ...chart.bars.flatMap((b) => b.values)));
  const max = step * 4;
  doc.setFont('helvetica', 'normal').setFontSize(7);

  // Grid and both scales: counts on the left, the rate in percent on the right.
  for (let i = 0; i <= 4; i++) {
    const y = plot.bottom - (height * i) / 4;
    doc.setDrawColor(...AXIS).setLineWidth(0.1);
    doc.line(plot.left, y, plot.right, y);
    doc.setTextColor(...TEXT);
    doc.text(String(step * i), plot.left - 2, y + 1, { align: 'right' });
    doc.text(`${25 * i}%`, plot.right + 2, y + 1);
  }

  const slot = (plot.right - plot.left) / chart.labels.length;
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

  // The rate as straight segments with a dot per month.
  const point = (i: number) => ({
    px: plot.left + slot * (i + 0.5),
    py: plot.bottom - (height * Math.min(100, Math.max(0, chart.line.values[i] ?? 0))) / 100,
  });
  doc
    .setDrawColor(...chart.line.color)
    .setFillColor(...chart.line.color)
    .setLineWidth(0.5);
  chart.labels.forEach((_, i) => {
    const { px, py } = point(i);
    if (i > 0) {
      const prev = point(i - 1);
      doc.line(prev.px, prev.py, px, py);
    }
    doc.circle(px, py, 0.7, 'F');
  });

  // The legend, top right.
  let lx = plot.right;
  for (const item of [...chart.bars, chart.line].reverse()) {
    const width = doc.getTextWidth(item.label);
    lx -= width;
    doc.setTextColor(...TEXT).text(item.label, lx, top + 3);
    doc.setFillColor(...item.color).rect(lx - 3.5, top + 1, 2.5, 2.5, 'F');
    lx -= 8;
  }
  doc.setLineWidth(0.2);
  return top + CHART.height;
}
