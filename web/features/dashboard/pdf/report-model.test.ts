import { archCasesFixture, futureFixture, overviewFixture } from '../test-data';
import { buildReportModel } from './report-model';

const input = () => ({
  filters: { provider: 'All Providers', location: 'All Locations', year: 2026 },
  overview: overviewFixture(),
  archCases: archCasesFixture(),
  future: futureFixture(),
  generatedAt: new Date(2026, 10, 22, 9, 30),
});

describe('buildReportModel', () => {
  it('names the filter, the date and the file', () => {
    const model = buildReportModel(input());
    expect(model.filterLine).toBe('Provider: All Providers   |   Location: All Locations   |   Year: 2026');
    expect(model.footerLine).toBe('Full Arch Tracker - All Providers - 2026 - Confidential');
    expect(model.generatedLine).toMatch(/^Generated: November 22, 2026/);
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
    // An empty location is every location, as the query sends it.
    const blank = buildReportModel({ ...input(), filters: { ...input().filters, location: '' } });
    expect(blank.filterLine).toContain('Location: All Locations');
  });

  it('gives the six summary statistics of docs/behaviour.md section 9', () => {
    expect(buildReportModel(input()).stats).toEqual([
      { label: 'Consults YTD', value: '37' },
      { label: 'Consults Won', value: '13' },
      { label: 'Win Rate', value: '35.1%' },
      { label: 'Arch Case Value', value: '$60.0k' },
      { label: 'Future Scheduled Value', value: '$75.0k' },
      { label: 'Pending Finance Value', value: '$45.0k' },
    ]);
  });

  it('lays out the four tables in order, with wrapped provider names and totals rows', () => {
    const [consults, arch, future, pending] = buildReportModel(input()).sections;
    expect([consults.title, arch.title, future.title, pending.title]).toEqual([
      'Consult Overview',
      'Arch Cases by Month',
      'Future Scheduled Treatments',
      'Pending Finance Cases',
    ]);
    expect(consults.body[0]).toEqual(['Dr. Michael\nRodriguez', '5', '5', '2', '13', '2', '15', '38.5%']);
    expect(consults.foot[0][0]).toBe('Consults YTD\nTotal');
    expect(consults.note).toContain('Variance Too Large');

    expect(arch.head).toEqual([
      'Provider Name',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Total',
    ]);
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

  it('says so when a section has nothing', () => {
    const empty = input();
    empty.overview.providers = [];
    const model = buildReportModel(empty);
    expect(model.sections[0].body).toEqual([]);
    expect(model.sections[0].empty).toBe('No consults in 2026 for this selection.');
    expect(model.sections[0].note).toBeUndefined();
  });
});
