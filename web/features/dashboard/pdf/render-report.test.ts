import {
  archCasesFixture,
  futureFixture,
  overviewFixture,
  pipelineFixture,
  trendsFixture,
} from '../test-data';
import { PAGE, renderReport } from './render-report';
import { buildReportModel } from './report-model';

const model = (providers = 2, location = 'All Locations') => {
  const overview = overviewFixture();
  const base = overview.providers[0];
  overview.providers = Array.from({ length: providers }, (_, i) => ({
    ...base,
    provider: `Dr. Provider ${i + 1}`,
  }));
  return buildReportModel({
    filters: { provider: 'All Providers', location, year: 2026 },
    overview,
    archCases: archCasesFixture(),
    future: futureFixture(),
    pipeline: pipelineFixture(),
    trends: trendsFixture(),
    generatedAt: new Date(2026, 10, 22),
  });
};

/** jsPDF writes text uncompressed: `(Page 1 of 2) Tj`. */
const text = (model: ReturnType<typeof buildReportModel>) => renderReport(model).output();

describe('renderReport', () => {
  it('is landscape A4 with vector text and a footer on every page', () => {
    const doc = renderReport(model());
    expect(doc.internal.pageSize.getWidth()).toBeCloseTo(297, 0);
    expect(doc.internal.pageSize.getHeight()).toBeCloseTo(210, 0);
    const pdf = doc.output();
    const pages = doc.getNumberOfPages();
    for (let page = 1; page <= pages; page++) expect(pdf).toContain(`(Page ${page} of ${pages})`);
    for (const words of [
      'Full Arch Tracker Report',
      'Consult Overview',
      'Pipeline',
      'Monthly Trends',
      'Consult to accept: 21.5 days',
      'Pending Finance Cases',
      'Do not distribute',
    ]) {
      expect(pdf).toContain(words);
    }
  });

  it('draws the monthly trend chart as vector shapes with its legend and month labels', () => {
    const withChart = model();
    const trends = withChart.sections.find((s) => s.title === 'Monthly Trends');
    expect(trends?.chart?.labels).toHaveLength(12);
    const pdf = text(withChart);
    // The rate axis's ticks are the chart's own text; the table writes rates with a decimal.
    for (const words of ['(Consults)', '(Won)', '(Win Rate %)', '(Jan)', '(Dec)', '(25%)', '(75%)'])
      expect(pdf).toContain(words);
    const without = { ...withChart, sections: withChart.sections.map((s) => ({ ...s, chart: undefined })) };
    expect(text(without)).not.toContain('(75%)');
  });

  it('runs onto more pages when there are many providers, numbering each', () => {
    const small = renderReport(model(2)).getNumberOfPages();
    const large = model(60);
    const pages = renderReport(large).getNumberOfPages();
    expect(pages).toBeGreaterThan(small);
    expect(text(large)).toContain(`(Page ${pages} of ${pages})`);
  });

  it('prints the location chosen in the filter line and the footers', () => {
    const pdf = text(model(2, 'Lakeside'));
    expect(pdf).toContain('Location: Lakeside');
    expect(pdf).toContain('(Full Arch Tracker - All Providers - Lakeside - 2026 - Confidential)');
    expect(text(model())).toContain('Location: All Locations');
  });

  it('wraps a long filter line and cuts a long footer instead of running off the page', () => {
    const long = model(2, `${'Northwest Regional Implant Center '.repeat(6)}Annex`);
    // Measured as the header draws it: 10 pt Helvetica across the page between the margins.
    const doc = renderReport(long).setFont('helvetica', 'normal').setFontSize(10);
    const lines = doc.splitTextToSize(long.filterLine, PAGE.width - 2 * PAGE.margin) as string[];
    expect(lines.length).toBeGreaterThan(1);
    const pdf = text(long);
    expect(pdf).not.toContain(`(${long.filterLine}) Tj`);
    for (const line of lines) expect(pdf).toContain(`(${line}`);
    // The footer is cut short of the page number rather than running into it.
    expect(pdf).not.toContain(`(${long.footerLine}) Tj`);
    expect(pdf).toMatch(/\(Full Arch Tracker - All Providers - Northwest Regional[^)]*\.\.\.\) Tj/);
    expect(pdf).toContain('(Page 1 of');
  });
});
