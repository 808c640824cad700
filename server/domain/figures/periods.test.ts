import { comparisonPeriod, monthsToCome } from './periods';

describe('comparisonPeriod', () => {
  it('sets this year beside the year before through the same month and day', () => {
    expect(comparisonPeriod(2026, '2026-11-25')).toEqual({ from: '2025-01-01', to: '2025-11-25' });
    expect(comparisonPeriod(2026, '2026-01-01')).toEqual({ from: '2025-01-01', to: '2025-01-01' });
    expect(comparisonPeriod(2026, '2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('reads February 29 as February 28, the year before having none', () => {
    expect(comparisonPeriod(2028, '2028-02-29')).toEqual({ from: '2027-01-01', to: '2027-02-28' });
    expect(comparisonPeriod(2028, '2028-02-28')).toEqual({ from: '2027-01-01', to: '2027-02-28' });
    expect(comparisonPeriod(2028, '2028-03-01')).toEqual({ from: '2027-01-01', to: '2027-03-01' });
  });

  it('keeps February 28 when the year before is the leap year', () => {
    // 2028-02-29 comes after the 28th, so it is left out, as 2029's February 29 would be.
    expect(comparisonPeriod(2029, '2029-02-28')).toEqual({ from: '2028-01-01', to: '2028-02-28' });
  });

  it('sets a past year, or one to come, beside the whole year before', () => {
    expect(comparisonPeriod(2025, '2026-11-25')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(comparisonPeriod(2024, '2026-02-29')).toEqual({ from: '2023-01-01', to: '2023-12-31' });
    expect(comparisonPeriod(2027, '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});

describe('monthsToCome', () => {
  it("gives this year's months after the current one", () => {
    expect(monthsToCome(2026, '2026-11-25')).toEqual(['2026-12']);
    expect(monthsToCome(2026, '2026-12-31')).toEqual([]);
    expect(monthsToCome(2026, '2026-01-01')).toHaveLength(11);
    expect(monthsToCome(2026, '2026-01-01')[0]).toBe('2026-02');
  });

  it('gives none for a past year and every month for a year to come', () => {
    expect(monthsToCome(2025, '2026-11-25')).toEqual([]);
    expect(monthsToCome(2027, '2026-11-25')).toHaveLength(12);
  });
});
