import { periodLabel } from './period-label';

describe('periodLabel', () => {
  it('reads months, a year, undated and every date', () => {
    expect(periodLabel('2026-01')).toBe('January 2026');
    expect(periodLabel('2025-12')).toBe('December 2025');
    expect(periodLabel('2026')).toBe('2026');
    expect(periodLabel('TBD')).toBe('no date yet (TBD)');
    expect(periodLabel('all')).toBe('all dates');
    expect(periodLabel('2026-13')).toBe('2026-13');
  });
});
