/**
 * The calendar behind the headline comparison and the monthly trends (docs/behaviour.md sections
 * 6.4 and 13): which part of the year before a year is set beside, and which of its months have
 * not begun yet. `today` is the server's date, `YYYY-MM-DD` (rules section 10).
 */
import { yearMonths } from './common';

/** A span of days, both ends included, as `YYYY-MM-DD`. */
export interface Period {
  from: string;
  to: string;
}

const yearOfDay = (day: string) => Number(day.slice(0, 4));

/**
 * What a year's headline figures are compared with. `day` is the day the data runs to (today, or
 * the latest procedure date when the data stops before it: section 6.6). The year of that day is
 * only partly covered, so it is set beside the year before from January 1 through the same month
 * and day (February 29 read as February 28, the year before having none); any other year beside
 * the whole year before.
 */
export function comparisonPeriod(year: number, day: string): Period {
  const before = String(year - 1).padStart(4, '0');
  const from = `${before}-01-01`;
  if (yearOfDay(day) !== year) return { from, to: `${before}-12-31` };
  const monthDay = day.slice(5, 10);
  return { from, to: `${before}-${monthDay === '02-29' ? '02-28' : monthDay}` };
}

/**
 * The month keys of `year` that begin after today: none for a past year, all twelve for a year
 * to come, and this year's months after the current one (the current month has begun).
 */
export function monthsToCome(year: number, today: string): string[] {
  const thisMonth = today.slice(0, 7);
  return yearMonths(year).filter((month) => month > thisMonth);
}
