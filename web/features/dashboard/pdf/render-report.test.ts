import { archCasesFixture, futureFixture, overviewFixture } from '../test-data';
import { renderReport } from './render-report';
import { buildReportModel } from './report-model';

const model = (providers = 2) => {
  const overview = overviewFixture();
  const base = overview.providers[0];
  overview.providers = Array.from({ length: providers }, (_, i) => ({
    ...base,
    provider: `Dr. Provider ${i + 1}`,
  }));
  return buildReportModel({
    filters: { provider: 'All Providers', year: 2026 },
    overview,
    archCases: archCasesFixture(),
    future: futureFixture(),
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
      'Pending Finance Cases',
      'Do not distribute',
    ]) {
      expect(pdf).toContain(words);
    }
  });

  it('runs onto more pages when there are many providers, numbering each', () => {
    const small = renderReport(model(2)).getNumberOfPages();
    const large = model(60);
    const pages = renderReport(large).getNumberOfPages();
    expect(pages).toBeGreaterThan(small);
    expect(text(large)).toContain(`(Page ${pages} of ${pages})`);
  });
});
