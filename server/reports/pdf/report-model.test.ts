import {
  archCasesFixture,
  futureFixture,
  goalsFixture,
  MONTH_LABELS,
  noGoalsFixture,
  overviewFixture,
  pipelineFixture,
  summaryFixture,
  trendsFixture,
} from '../../../common/api/test-data';
import { NO_PROVIDER } from '../../domain/figures';
import { ROUNDING_NOTE } from './format';
import { buildReportModel, type ReportModel } from './report-model';

const section = (model: ReportModel, title: string) => {
  const found = model.sections.find((s) => s.title === title);
  if (!found) throw new Error(`no section ${title}`);
  return found;
};

const input = () => ({
  filters: { provider: null as string | null, location: null as string | null, year: 2026 },
  overview: overviewFixture(),
  archCases: archCasesFixture(),
  future: futureFixture(),
  pipeline: pipelineFixture(),
  trends: trendsFixture(),
  summary: summaryFixture(),
  goals: noGoalsFixture(),
  asOf: '2026-11-22',
  generatedAt: new Date(2026, 10, 22, 9, 30),
});

describe('buildReportModel', () => {
  it('names the filter, the date and the file', () => {
    const model = buildReportModel(input());
    expect(model.filterLine).toBe('Provider: All Providers   |   Location: All Locations   |   Year: 2026');
    expect(model.footerLine).toBe('Full Arch Tracker - All Providers - 2026 - Confidential');
    expect(model.generatedLine).toMatch(
      /^Data through 11\/25\/2026 {3}\| {3}Generated: 11\/22\/2026, 9:30 AM$/,
    );
    expect(model.fileName).toBe('full-arch-report-2026-11-22.pdf');
    expect(model.confidentialNote).toMatch(/patient-related business data.*Do not distribute/);
  });

  it('names the location chosen beside the provider and year, on every page too', () => {
    const lakeside = buildReportModel({
      ...input(),
      filters: { provider: 'Dr. Sarah Chen', location: 'Lakeside', year: 2025 },
    });
    expect(lakeside.filterLine).toBe('Provider: Dr. Sarah Chen   |   Location: Lakeside   |   Year: 2025');
    expect(lakeside.footerLine).toBe('Full Arch Tracker - Dr. Sarah Chen - Lakeside - 2025 - Confidential');
    // The file name carries only the date, as it does not name the provider either.
    expect(lakeside.fileName).toBe('full-arch-report-2026-11-22.pdf');

    const unassigned = buildReportModel({
      ...input(),
      filters: { ...input().filters, location: 'Unassigned' },
    });
    expect(unassigned.filterLine).toContain('Location: Unassigned');
  });

  it('names a provider account without a provider name as such, never its raw filter', () => {
    const nameless = buildReportModel({ ...input(), filters: { ...input().filters, provider: NO_PROVIDER } });
    expect(nameless.filterLine).toContain('Provider: No provider name');
    expect(nameless.footerLine).toBe('Full Arch Tracker - No provider name - 2026 - Confidential');
  });

  it('says the day its figures are as of when that is not the day it was made, and is named by it', () => {
    const monthly = buildReportModel({ ...input(), asOf: '2026-10-31' });
    expect(monthly.generatedLine).toBe(
      'Data through 11/25/2026   |   Generated: 11/22/2026, 9:30 AM   |   Figures as of 10/31/2026',
    );
    expect(monthly.fileName).toBe('full-arch-report-2026-10-31.pdf');
  });

  it('gives the six summary statistics of docs/behaviour.md section 9, each by-year one beside the same days of the year before', () => {
    expect(buildReportModel(input()).stats).toEqual([
      { label: 'Consults YTD', value: '37', comparison: 'Jan 1-Nov 25, 2025: 30 (+7)' },
      { label: 'Consults Won', value: '13', comparison: 'Jan 1-Nov 25, 2025: 13 (no change)' },
      { label: 'Win Rate', value: '35.1%', comparison: 'Jan 1-Nov 25, 2025: 43.3% (-8.2 pts)' },
      { label: 'Arch Case Value', value: '$60.0k', comparison: 'Jan 1-Nov 25, 2025: $75.0k (-$15.0k)' },
      {
        label: 'Future Scheduled Value',
        value: '$45.0k',
        comparison: 'Not by year: every scheduled treatment',
      },
      { label: 'Pending Finance Value', value: '$45.0k', comparison: 'Not by year: every open case' },
    ]);
  });

  it("sets a past year's statistics beside the whole year before", () => {
    const past = buildReportModel({ ...input(), summary: summaryFixture(2025, null) });
    expect(past.stats.slice(0, 4).map((s) => s.comparison)).toEqual([
      '2024: 30 (+7)',
      '2024: 13 (no change)',
      '2024: 43.3% (-8.2 pts)',
      '2024: $75.0k (-$15.0k)',
    ]);
  });

  it('lays out the tables in the order of the screen, with wrapped provider names and totals rows', () => {
    const [consults, , , , arch, future, pending] = buildReportModel(input()).sections;
    expect(buildReportModel(input()).sections.map((s) => s.title)).toEqual([
      'Consult Overview',
      'Pipeline',
      'Win Rate % by Provider',
      'Monthly Trends',
      'Arch Cases by Month',
      'Future Scheduled Treatments',
      'Pending Finance Cases',
    ]);
    expect(consults.body[0]).toEqual(['Dr. Michael\nRodriguez', '5', '5', '2', '13', '2', '15', '38.5%']);
    expect(consults.foot[0][0]).toBe('Consults YTD\nTotal');
    expect(consults.note).toBe(
      'Variance analysis: Variance Too Large (range 16.4 to 24.6 Future + YTD consults per provider).' +
        ' Above the range (doing better than the group): Dr. Sarah Chen.' +
        ' Below the range (behind the group): Dr. Michael Rodriguez.',
    );

    expect(arch.head).toEqual(['Provider Name', ...MONTH_LABELS, 'Total']);
    expect(arch.body[1].slice(0, 2)).toEqual(['Dr. Sarah Chen', '$30.0k']);
    expect(arch.body[1][2]).toBe('-');
    expect(arch.foot[0].at(-1)).toBe('$60.0k');

    expect(future.head).toEqual(['Provider Name', 'Nov 2026', 'Dec 2026', 'TBD', 'Total']);
    expect(future.body[1]).toEqual(['Dr. Sarah Chen', '$30.0k', '-', '$15.0k', '$45.0k']);
    expect(pending.body).toEqual([
      ['Dr. Michael\nRodriguez', '-'],
      ['Dr. Sarah Chen', '$45.0k'],
    ]);
    expect(pending.foot).toEqual([['Grand Total', '$45.0k']]);
  });

  it('gives the pipeline steps with count and rate, and the medians in a line', () => {
    const pipeline = buildReportModel(input()).sections[1];
    expect(pipeline.head).toEqual(['Step', 'Count', 'Rate %']);
    expect(pipeline.body).toEqual([
      ['Consulted', '37', '100.0%'],
      ['Presented', '30', '81.1%'],
      ['Accepted', '13', '35.1%'],
      ['Surgery', '9', '24.3%'],
      ['Final', '4', '10.8%'],
    ]);
    expect(pipeline.note).toBe(
      'Median days - Consult to accept: 21.5 days   |   Accept to surgery: 34.0 days   |   Surgery to final: not enough cases',
    );
  });

  it('gives the twelve months of trends across, as the chart above them, with the year totals', () => {
    const trends = section(buildReportModel(input()), 'Monthly Trends');
    // The data runs to November 25: November is starred as incomplete (see the next test).
    expect(trends.head).toEqual(['', ...MONTH_LABELS.slice(0, 10), 'Nov*', 'Dec', 'Total']);
    expect(trends.body.map((row) => row[0])).toEqual(['Consults', 'Won', 'Win Rate %', 'Arch Case Value']);
    const column = (month: number) => trends.body.map((row) => row[month + 1]);
    expect(column(0)).toEqual(['5', '2', '40.0%', '$30.0k']);
    // March had no consult: no win rate, not 0.0%. December has not happened yet.
    expect(column(2)).toEqual(['0', '0', 'n/a', '-']);
    expect(column(11)).toEqual(['0', '0', 'n/a', '-']);
    expect(trends.body.map((row) => row.at(-1))).toEqual(['37', '13', '', '$60.0k']);
    expect(trends.foot).toEqual([]);
    expect(trends.chart?.labels).toEqual([...MONTH_LABELS.slice(0, 10), 'Nov (to 11/25)', 'Dec']);
    expect(trends.chart?.line?.label).toBe('Win Rate %');
    // The line breaks at a month without a rate rather than drop to 0%.
    expect(trends.chart?.line?.values).toEqual([
      40,
      33.3,
      null,
      null,
      null,
      33.3,
      null,
      null,
      null,
      null,
      35.3,
      null,
    ]);
    expect(trends.chart?.toCome).toEqual([...Array(11).fill(false), true]);
  });

  it('says how far the data goes, and marks the month it stops part-way through as incomplete', () => {
    const through = (day: string | null) =>
      buildReportModel({
        ...input(),
        trends: { ...trendsFixture(), data_through: day },
        summary: { ...summaryFixture(), data_through: day },
      });
    const early = through('2026-11-01');
    expect(early.generatedLine).toMatch(/^Data through 11\/01\/2026 {3}\|/);
    const trends = section(early, 'Monthly Trends');
    expect(trends.head[11]).toBe('Nov*');
    expect(trends.chart?.labels[10]).toBe('Nov (to 11/01)');
    expect(trends.note).toBe(
      `* Nov (to 11/01) is an incomplete month: the data runs only to 11/01/2026. ${ROUNDING_NOTE}`,
    );
    // Data stopping in October leaves November, begun on the fixture's November 25, without data.
    const october = section(through('2026-10-29'), 'Monthly Trends');
    expect(october.head[10]).toBe('Oct*');
    expect(october.note).toBe(
      `* Oct (to 10/29) is an incomplete month: the data runs only to 10/29/2026. No data yet for Nov: the data runs only to 10/29/2026. ${ROUNDING_NOTE}`,
    );
    expect(october.body.find((row) => row[0] === 'Win Rate %')?.[11]).toBe('n/a');
    // Data through a month's last day leaves no month incomplete.
    const whole = section(through('2026-10-31'), 'Monthly Trends');
    expect(whole.head).toEqual(['', ...MONTH_LABELS, 'Total']);
    expect(whole.note).toBe(`No data yet for Nov: the data runs only to 10/31/2026. ${ROUNDING_NOTE}`);
    expect(through(null).generatedLine).toMatch(/^Data through: no procedures imported yet {3}\|/);
  });

  it('draws the arch case value by month above the Arch Cases grid, and the win rate by provider', () => {
    const model = buildReportModel(input());
    const arch = section(model, 'Arch Cases by Month');
    expect(arch.chart).toEqual({
      labels: MONTH_LABELS,
      bars: [
        {
          label: 'Arch Case Value',
          color: expect.any(Array),
          values: [29990, 0, 0, 0, 0, 29990, 0, 0, 0, 0, 0, 0],
        },
      ],
      money: true,
    });
    expect(section(model, 'Win Rate % by Provider').providerChart?.rows).toEqual([
      { lines: ['Dr. Michael', 'Rodriguez'], value: 38.5 },
      { lines: ['Dr. Sarah Chen'], value: 33.3 },
    ]);
    // One provider has nothing to compare: the Win Rate statistic says it all.
    const one = input();
    one.overview.providers = one.overview.providers.slice(0, 1);
    expect(buildReportModel(one).sections.map((s) => s.title)).not.toContain('Win Rate % by Provider');
    // No arch case, no bars.
    const none = input();
    none.archCases.month_totals = Object.fromEntries(none.archCases.months.map((m) => [m, 0]));
    expect(section(buildReportModel(none), 'Arch Cases by Month').chart).toBeUndefined();
  });

  it('says under every table of dollar amounts that they are rounded and the totals exact', () => {
    const model = buildReportModel(input());
    for (const title of ['Arch Cases by Month', 'Pending Finance Cases'])
      expect(section(model, title).note).toBe(ROUNDING_NOTE);
    expect(section(model, 'Monthly Trends').note).toMatch(
      new RegExp(`incomplete month.* ${ROUNDING_NOTE.replace(/[$.]/g, '\\$&')}$`),
    );
    expect(section(model, 'Future Scheduled Treatments').note).toBe(
      `Every scheduled appointment with a case value, whatever the year. ${ROUNDING_NOTE}`,
    );
    for (const title of ['Consult Overview', 'Pipeline'])
      expect(section(model, title).note).not.toContain(ROUNDING_NOTE);
    // Sarah Chen's months show $30.0k and $15.0k, her total the exact $44,985: $45.0k.
    const arch = section(model, 'Arch Cases by Month');
    expect(arch.body[1].filter((cell) => cell !== '-')).toEqual([
      'Dr. Sarah Chen',
      '$30.0k',
      '$15.0k',
      '$45.0k',
    ]);
  });

  it('wraps provider names at word boundaries, never inside a word', () => {
    const long = input();
    long.overview.providers[0].provider = 'Dr. Alexandros Konstantinopoulos';
    long.future.pending_finance.providers[0].provider = 'Dr. Mary-Catherine-Oppenheimer';
    const model = buildReportModel(long);
    expect(model.sections[0].body[0][0]).toBe('Dr. Alexandros\nKonstantinopoulos');
    expect(section(model, 'Pending Finance Cases').body[0][0]).toBe('Dr. Mary-\nCatherine-\nOppenheimer');
  });

  it('leaves out the pipeline and trends tables of a year without consults', () => {
    const empty = input();
    empty.pipeline.steps = empty.pipeline.steps.map((s) => ({ ...s, count: 0, rate: 0 }));
    empty.trends.consults = empty.trends.consults.map(() => 0);
    empty.trends.arch_value = empty.trends.arch_value.map(() => 0);
    const model = buildReportModel(empty);
    const pipeline = section(model, 'Pipeline');
    const trends = section(model, 'Monthly Trends');
    expect(pipeline.body).toEqual([]);
    expect(pipeline.note).toBeUndefined();
    expect(pipeline.empty).toBe('No consults in 2026 for this selection.');
    expect(trends.body).toEqual([]);
    expect(trends.chart).toBeUndefined();
    expect(trends.note).toBeUndefined();
  });

  it('says so when a section has nothing', () => {
    const empty = input();
    empty.overview.providers = [];
    const model = buildReportModel(empty);
    expect(model.sections[0].body).toEqual([]);
    expect(model.sections[0].empty).toBe('No consults in 2026 for this selection.');
    expect(model.sections[0].note).toBeUndefined();
  });

  it('sets the goals right after the headline figures: a row per provider, the totals in the foot', () => {
    const model = buildReportModel({ ...input(), goals: goalsFixture() });
    expect(model.sections[0].title).toBe('Goals');
    const goals = section(model, 'Goals');
    expect(goals.ownRow).toBe(true);
    expect(goals.headGroups).toEqual([
      { label: '', span: 1 },
      { label: 'Consults', span: 3 },
      { label: 'Cases won', span: 3 },
      { label: 'Arch value', span: 3 },
    ]);
    expect(goals.head).toEqual([
      'Provider Name',
      ...['Consults', 'Cases won', 'Arch value'].flatMap(() => ['Goal', 'Actual', '% of Goal']),
    ]);
    expect(goals.body).toEqual([
      [
        'Dr. Michael\nRodriguez',
        '12',
        '13',
        '108.3% Met',
        '6',
        '5',
        '83.3% Close',
        '$60.0k',
        '$30.0k',
        '50.0% Behind',
      ],
      // A goal of 0 so far has no percent; without a goal only the actual is given.
      ['Dr. Sarah Chen', '30', '24', '80.0% Close', '0', '8', 'Nothing due yet', '', '$30.0k', 'No goal'],
    ]);
    expect(goals.foot).toEqual([
      ['Total', '42', '37', '88.1% Close', '6', '13', '216.7% Met', '$60.0k', '$30.0k', '50.0% Behind'],
    ]);
    // The percent cells in the panel's colours: green, amber, red; the others in the usual ink.
    const [green, amber, red] = [goals.tones?.body[0][3], goals.tones?.body[0][6], goals.tones?.body[0][9]];
    expect(new Set([JSON.stringify(green), JSON.stringify(amber), JSON.stringify(red)]).size).toBe(3);
    expect(goals.tones?.body[1]).toEqual([null, null, null, amber, null, null, null, null, null, null]);
    expect(goals.tones?.foot[0][6]).toEqual(green);
    expect(goals.note).toBe(
      `Through November 2026, at every location. Met: 100% of the goal or more. Close: 80% or more. Behind: under 80%. The totals add up the providers with each goal. ${ROUNDING_NOTE}`,
    );
    // A total without a goal counts no provider: no 0 of nothing.
    const noWon = goalsFixture();
    noWon.totals.won = { goal: null, actual: 0, percent: null };
    expect(section(buildReportModel({ ...input(), goals: noWon }), 'Goals').foot[0].slice(4, 7)).toEqual([
      '',
      '',
      'No goal',
    ]);
    // One provider's totals would be that provider again.
    const one = { ...goalsFixture(), providers: goalsFixture().providers.slice(0, 1) };
    const alone = section(buildReportModel({ ...input(), goals: one }), 'Goals');
    expect(alone.foot).toEqual([]);
    expect(alone.note).not.toContain('The totals add up');
  });

  it('says in one line that goals cover every location when one is chosen, or that a year has not begun', () => {
    const lakeside = buildReportModel({
      ...input(),
      filters: { ...input().filters, location: 'Lakeside' },
      goals: null,
    });
    expect(section(lakeside, 'Goals')).toMatchObject({
      body: [],
      empty: 'Goals cover every location: choose All Locations to see them.',
    });
    const later = buildReportModel({
      ...input(),
      filters: { ...input().filters, year: 2027 },
      goals: { ...goalsFixture(), year: 2027, through: null },
    });
    expect(section(later, 'Goals')).toMatchObject({
      body: [],
      empty: 'Nothing is counted yet: 2027 has not begun.',
    });
  });

  it('leaves the goals out of a year without any', () => {
    expect(buildReportModel(input()).sections.map((s) => s.title)).not.toContain('Goals');
  });

  it('draws the consults goal as a line over the trend chart, and lists it under the consults', () => {
    const goals = [8, 8, 8, 8, 8, 8, 10, 10, 10, 10, 10, 12];
    const trends = section(
      buildReportModel({ ...input(), trends: { ...trendsFixture(), consults_goal: goals } }),
      'Monthly Trends',
    );
    expect(trends.body.map((row) => row[0])).toEqual([
      'Consults',
      'Consults Goal',
      'Won',
      'Win Rate %',
      'Arch Case Value',
    ]);
    expect(trends.body[1]).toEqual(['Consults Goal', ...goals.map(String), '110']);
    expect(trends.chart?.goal).toEqual({ label: 'Consults Goal', color: expect.any(Array), values: goals });
    expect(section(buildReportModel(input()), 'Monthly Trends').chart?.goal).toBeUndefined();
  });
});
