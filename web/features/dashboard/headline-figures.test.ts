import { summaryFixture } from '../../../common/api/test-data';
import { comparisonText, headlines } from './headline-figures';

const filters = { provider: 'Dr. Lee', location: 'Lakeside', year: 2026 };

describe('headlines', () => {
  it('sets each by-year figure beside the same days of the year before, and says why the future values have none', () => {
    const cards = headlines(summaryFixture(2026), filters);
    expect(cards.map((c) => [c.label, c.value, comparisonText(c)])).toEqual([
      ['Consults YTD', '37', 'Jan 1-Nov 25, 2025: 30 (+7)'],
      ['Consults Won', '13', 'Jan 1-Nov 25, 2025: 13 (no change)'],
      ['Win Rate', '35.1%', 'Jan 1-Nov 25, 2025: 43.3% (−8.2 pts)'],
      ['Arch Case Value', '$59,980', 'Jan 1-Nov 25, 2025: $74,975 (−$14,995)'],
      ['Future Scheduled Value', '$44,985', 'Not by year: every scheduled treatment'],
      ['Pending Finance Value', '$44,985', 'Not by year: every open case'],
    ]);
  });

  it('names a whole year before by its year', () => {
    const cards = headlines(summaryFixture(2025, null), { ...filters, year: 2025 });
    expect(cards.slice(0, 4).map(comparisonText)).toEqual([
      '2024: 30 (+7)',
      '2024: 13 (no change)',
      '2024: 43.3% (−8.2 pts)',
      '2024: $74,975 (−$14,995)',
    ]);
  });

  it('works a rate change in tenths, so a tenth is never lost to floating point', () => {
    const data = { ...summaryFixture(), win_rate: { value: 33.3, previous: 33.2 } };
    expect(headlines(data, filters)[2].change).toBe('+0.1 pts');
  });

  it('opens the lists of the filters shown, or the Consult Overview', () => {
    const drills = headlines(summaryFixture(2026), filters).map((c) => c.drill);
    const scope = { provider: 'Dr. Lee', location: 'Lakeside', year: 2026 };
    expect(drills).toEqual([
      { overview: true },
      { list: { kind: 'consults', type: 'consults_won', ...scope } },
      { overview: true },
      { list: { kind: 'arch_cases', month: '2026', ...scope } },
      { list: { kind: 'future_cases', month: 'all', ...scope } },
      { list: { kind: 'pending_finance', ...scope } },
    ]);
  });
});
