import { isCalendarDate, localDay, utcDay } from './calendar-day';

describe('a calendar day', () => {
  it("is the local clock's day, padded", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 10, 27, 0, 0))).toBe('2026-11-27');
  });

  it("is UTC's day for a UTC midnight, wherever the clock is", () => {
    expect(utcDay(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05');
    expect(utcDay(new Date('2026-02-28T23:59:59Z'))).toBe('2026-02-28');
  });

  it('is named only by a day that exists', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-28')).toBe(false);
    expect(isCalendarDate('2026-02-28T00:00')).toBe(false);
  });
});
