import {
  archCasesFixture,
  futureFixture,
  goalsFixture,
  noGoalsFixture,
  overviewFixture,
  pipelineFixture,
  summaryFixture,
  trendsFixture,
} from '../../../common/api/test-data';
import { PAGE, renderReport } from './render-report';
import { buildReportModel } from './report-model';

const model = (providers = 2, location: string | null = null) => {
  const overview = overviewFixture();
  const base = overview.providers[0];
  overview.providers = Array.from({ length: providers }, (_, i) => ({
    ...base,
    provider: `Dr. Provider ${i + 1}`,
  }));
  return buildReportModel({
    filters: { provider: null, location, year: 2026 },
    overview,
    archCases: archCasesFixture(),
    future: futureFixture(),
    pipeline: pipelineFixture(),
    trends: trendsFixture(),
    summary: summaryFixture(),
    goals: noGoalsFixture(),
    asOf: '2026-11-22',
    generatedAt: new Date(2026, 10, 22),
  });
};

/** The sample data's shape: six providers, five with arch cases, three with future treatments. */
const SAMPLE_NAMES = [
  'Dr. Emily Patel',
  'Dr. James Whitfield',
  'Dr. Michael Rodriguez',
  'Dr. Olivia Nguyen',
  'Dr. Robert Kim',
  'Dr. Sarah Chen',
];

function sampleInput(providers = SAMPLE_NAMES.length) {
  const names = SAMPLE_NAMES.slice(0, providers);
  const overview = overviewFixture();
  const base = overview.providers[0];
  overview.providers = names.map((provider, i) => ({ ...base, provider, win_rate: 12.5 * (i + 1) }));
  overview.acceptable_range.outside = names;
  const archCases = archCasesFixture();
  archCases.providers = names.slice(0, 5).map((provider) => ({ ...archCases.providers[1], provider }));
  const future = futureFixture();
  future.future_treatments.providers = names.slice(0, 3).map((provider) => ({
    ...future.future_treatments.providers[1],
    provider,
  }));
  future.pending_finance.providers = names.slice(0, 5).map((provider) => ({ provider, case_value: 134955 }));
  return {
    filters: { provider: null, location: null, year: 2026 },
    overview,
    archCases,
    future,
    pipeline: pipelineFixture(),
    trends: trendsFixture(),
    summary: summaryFixture(),
    goals: noGoalsFixture(),
    asOf: '2026-11-22',
    generatedAt: new Date(2026, 10, 22),
  };
}
const sampleSized = (providers?: number) => buildReportModel(sampleInput(providers));

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
    const without = {
      ...withChart,
      sections: withChart.sections.map((s) => ({ ...s, chart: undefined, providerChart: undefined })),
    };
    expect(text(without)).not.toContain('(75%)');
  });

  it('sets each headline statistic beside the same days of the year before, and keys the months to come', () => {
    const pdf = text(model());
    // jsPDF escapes the brackets of the text it writes.
    expect(pdf).toContain('(Jan 1-Nov 25, 2025: 30 \\(+7\\))');
    // Too wide for its card, the change goes on a line of its own.
    expect(pdf).toContain('(Jan 1-Nov 25, 2025: 43.3%) Tj\nT* (\\(-8.2 pts\\)) Tj');
    expect(pdf).toContain('(Not by year: every open case)');
    expect(pdf).toContain('(Not yet happened)');
    const past = buildReportModel({
      ...sampleInput(),
      trends: { ...trendsFixture(), months_to_come: [] },
      summary: summaryFixture(2025, null),
    });
    const pastPdf = text(past);
    expect(pastPdf).toContain('(2024: 30 \\(+7\\))');
    expect(pastPdf).not.toContain('(Not yet happened)');
  });

  it("draws the Dashboard's other charts: arch case value by month and win rate by provider", () => {
    const pdf = text(model());
    // The dollar axis of the arch chart, its legend, and the title of the provider chart.
    for (const words of ['(Arch Case Value)', '($0k)', '($40k)', '(Win Rate % by Provider)'])
      expect(pdf).toContain(words);
    // Each provider's bar is labelled with its rate as the table writes it.
    expect(pdf.match(/\(38\.5%\) Tj/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('fits a report the size of the sample data on three pages, and one provider on two', () => {
    const sample = renderReport(sampleSized());
    expect(sample.getNumberOfPages()).toBe(3);
    expect(renderReport(sampleSized(1)).getNumberOfPages()).toBe(2);
    // Without the charts the tables alone need two pages.
    const tablesOnly = sampleSized();
    const plain = {
      ...tablesOnly,
      sections: tablesOnly.sections.filter((s) => !s.providerChart).map((s) => ({ ...s, chart: undefined })),
    };
    expect(renderReport(plain).getNumberOfPages()).toBe(2);
  });

  it('sets the Pipeline beside the Consult Overview, and Pending Finance beside Future Scheduled', () => {
    const pdf = renderReport(sampleSized()).output();
    const place = (title: string) => {
      const m = new RegExp(`([\\d.]+) ([\\d.]+) Td\\n\\(${title}\\) Tj`).exec(pdf);
      if (!m) throw new Error(`no ${title}`);
      return { x: Number(m[1]), y: Number(m[2]) };
    };
    expect(place('Pipeline').y).toBeCloseTo(place('Consult Overview').y, 1);
    expect(place('Pipeline').x).toBeGreaterThan(place('Consult Overview').x + 200);
    expect(place('Pending Finance Cases').y).toBeCloseTo(place('Future Scheduled Treatments').y, 1);
  });

  it('prints every provider name on lines broken only between words', () => {
    const input = sampleInput();
    input.overview.providers[0].provider = 'Dr. Alexandros Konstantinopoulos';
    input.overview.providers[1].provider = 'Dr. Mary-Catherine-Oppenheimer';
    const pdf = renderReport(buildReportModel(input)).output();
    // Each line of the wrapped name is drawn whole, in the table and the chart alike.
    for (const line of ['Dr. Alexandros', 'Konstantinopoulos', 'Dr. Mary-', 'Catherine-', 'Oppenheimer'])
      expect(pdf.match(new RegExp(`\\(${line}\\) Tj`, 'g'))?.length).toBe(2);
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

  it('opens with the goals on a row of their own, and draws the consults goal on the trend chart', () => {
    const input = {
      ...sampleInput(),
      goals: goalsFixture(),
      trends: { ...trendsFixture(), consults_goal: [8, 8, 8, 8, 8, 8, 10, 10, 10, 10, 14, 12] },
    };
    const pdf = renderReport(buildReportModel(input)).output();
    for (const words of [
      '(Goals)',
      '(% of Goal)',
      '(108.3% Met)',
      '(50.0% Behind)',
      '(Through November 2026',
    ])
      expect(pdf).toContain(words);
    // The legend and the table row of the goal line.
    expect(pdf.match(/\(Consults Goal\) Tj/g)).toHaveLength(2);
    // The Pipeline stays beside the Consult Overview, under the goals.
    const place = (title: string) => {
      const m = new RegExp(`([\\d.]+) ([\\d.]+) Td\\n\\(${title}\\) Tj`).exec(pdf);
      if (!m) throw new Error(`no ${title}`);
      return { x: Number(m[1]), y: Number(m[2]) };
    };
    expect(place('Pipeline').y).toBeCloseTo(place('Consult Overview').y, 1);
  });

  it('says in the Goals place that goals cover every location when one is chosen, beside nothing', () => {
    const model = buildReportModel({
      ...sampleInput(),
      filters: { provider: null, location: 'Lakeside', year: 2026 },
      goals: null,
    });
    const pdf = renderReport(model).output();
    expect(pdf).toContain('(Goals cover every location: choose All Locations to see them.) Tj');
    expect(pdf).not.toContain('(Consults Goal)');
    // Its line has the row to itself: the Consult Overview starts at the left margin below it.
    const at = (title: string) => new RegExp(`([\\d.]+) ([\\d.]+) Td\\n\\(${title}\\) Tj`).exec(pdf);
    expect(Number(at('Consult Overview')?.[1])).toBeCloseTo(Number(at('Goals')?.[1]), 1);
    expect(renderReport(model).getNumberOfPages()).toBe(3);
  });
});
