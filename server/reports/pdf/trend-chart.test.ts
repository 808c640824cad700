import { jsPDF } from 'jspdf';
import { drawTrendChart } from './trend-chart';

/** The rate line's dots and sloped segments, read from the calls the chart makes to draw them. */
function drawn(values: (number | null)[]) {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  const dots: number[][] = [];
  const segments: number[][] = [];
  const circle = doc.circle.bind(doc);
  const line = doc.line.bind(doc);
  doc.circle = (x, y, r, style) => {
    dots.push([x, y]);
    return circle(x, y, r, style);
  };
  doc.line = (x1, y1, x2, y2, style) => {
    // Grid lines are level; the rates below all differ, so each of their segments slopes.
    if (y1 !== y2) segments.push([x1, y1, x2, y2]);
    return line(x1, y1, x2, y2, style);
  };
  drawTrendChart(
    doc,
    {
      labels: values.map((_, i) => `M${i}`),
      bars: [{ label: 'Consults', color: [0, 0, 0], values: values.map(() => 1) }],
      line: { label: 'Win Rate %', color: [200, 0, 0], values },
    },
    12,
    20,
  );
  return { dots, segments };
}

describe('drawTrendChart', () => {
  it('draws a dot for each month with a rate and breaks the line at a month without one', () => {
    const { dots, segments } = drawn([40, null, 30, 20]);
    expect(dots).toHaveLength(3);
    // One segment, from the third month to the fourth: none reaches across the gap.
    expect(segments).toHaveLength(1);
    expect(segments[0][0]).toBeCloseTo(dots[1][0]);
  });

  it('draws no point at 0% for a month without a rate', () => {
    expect(drawn([null, null, null]).dots).toHaveLength(0);
  });

  it('draws a goal as a dashed line on the scale of the bars, taller than them if need be', () => {
    const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
    const text = vi.spyOn(doc, 'text');
    const dash = vi.spyOn(doc, 'setLineDashPattern');
    drawTrendChart(
      doc,
      {
        labels: ['Jan', 'Feb'],
        bars: [{ label: 'Consults', color: [0, 0, 0], values: [3, 4] }],
        goal: { label: 'Consults Goal', color: [0, 0, 200], values: [20, 20] },
      },
      12,
      20,
    );
    // The axis reaches past the goal of 20 (steps of 5), and the legend names the goal.
    const labels = text.mock.calls.map(([t]) => t);
    expect(labels).toContain('20');
    expect(labels).toContain('Consults Goal');
    // Dashed while drawing the goal, solid again after.
    expect(dash.mock.calls.map(([pattern]) => pattern)).toEqual([[1.2, 0.8], []]);
  });
});
