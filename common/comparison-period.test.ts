import { comparisonLabel } from './comparison-period';

describe('comparisonLabel', () => {
  it('names a whole year by the year', () => {
    expect(comparisonLabel({ from: '2025-01-01', to: '2025-12-31' })).toBe('2025');
  });

  it('names part of a year by its first and last days', () => {
    expect(comparisonLabel({ from: '2025-01-01', to: '2025-11-25' })).toBe('Jan 1-Nov 25, 2025');
    expect(comparisonLabel({ from: '2027-01-01', to: '2027-02-28' })).toBe('Jan 1-Feb 28, 2027');
    expect(comparisonLabel({ from: '2025-01-01', to: '2025-12-30' })).toBe('Jan 1-Dec 30, 2025');
  });

  it('names a period of one day by that day', () => {
    expect(comparisonLabel({ from: '2025-01-01', to: '2025-01-01' })).toBe('Jan 1, 2025');
  });
});
