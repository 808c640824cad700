/** Month keys (`YYYY-MM`, or `TBD` for undated appointments) as people read them. */
import { ALL_DATES } from '../../../common/api/dashboard';

export const TBD = 'TBD';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function parts(key: string): { year: string; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: match[1], month } : null;
}

/** `Jan`, or `Jan 2026` with the year; `TBD` and anything unknown unchanged. */
export function monthLabel(key: string, withYear = false): string {
  const p = parts(key);
  if (!p) return key;
  return withYear ? `${MONTHS[p.month - 1]} ${p.year}` : MONTHS[p.month - 1];
}

/**
 * `January 2026`, for titles and button names; `TBD` reads as "no date yet", a Total cell's
 * `all` as "all dates", and a whole year (`2026`) as itself.
 */
export function longMonthLabel(key: string): string {
  if (key === TBD) return 'no date yet (TBD)';
  if (key === ALL_DATES) return 'all dates';
  const p = parts(key);
  return p ? `${LONG_MONTHS[p.month - 1]} ${p.year}` : key;
}
