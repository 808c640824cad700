import { duePeriods, lastDayOf, monthJustEnded } from './report-schedule';

// Local wall times, as the server's clock reads them (TZ).
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const due = (now: Date) => duePeriods(now).map(({ kind, period }) => `${kind} ${period}`);

describe('duePeriods', () => {
  it('makes the monthly report due from 07:00 on the 1st, for the month just ended', () => {
    // 2026-12-01 is a Tuesday: the digest is due too.
    expect(due(at(2026, 12, 1, 6, 59))).toEqual([]);
    expect(due(at(2026, 12, 1, 7))).toEqual(['monthly_report 2026-11', 'daily_digest 2026-12-01']);
    expect(duePeriods(at(2026, 12, 1, 7, 30))[0].sendAt).toEqual(at(2026, 12, 1, 7));
  });

  it('reports December on January 1st, across the year', () => {
    expect(due(at(2027, 1, 1, 9))).toContain('monthly_report 2026-12');
  });

  it('keeps a missed monthly report due through the 3rd, not after', () => {
    expect(due(at(2026, 12, 2, 3))).toContain('monthly_report 2026-11');
    expect(due(at(2026, 12, 3, 23, 59))).toContain('monthly_report 2026-11');
    expect(due(at(2026, 12, 4, 8))).not.toContain('monthly_report 2026-11');
  });

  it('makes the digest due from 07:00 Monday to Friday only, for that day', () => {
    // 2026-11-23 is a Monday, 11-27 a Friday, 11-28 and 11-29 the weekend.
    expect(due(at(2026, 11, 23, 6, 59))).toEqual([]);
    expect(due(at(2026, 11, 23, 7))).toEqual(['daily_digest 2026-11-23']);
    expect(due(at(2026, 11, 27, 23, 59))).toEqual(['daily_digest 2026-11-27']);
    expect(due(at(2026, 11, 28, 9))).toEqual([]);
    expect(due(at(2026, 11, 29, 9))).toEqual([]);
  });
});

describe('month helpers', () => {
  it('gives the last day of a month and the month just ended', () => {
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(monthJustEnded(at(2027, 1, 15))).toBe('2026-12');
  });
});
