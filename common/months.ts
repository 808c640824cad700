/** Month keys (`YYYY-MM`, or `TBD` for undated appointments) as people read them. */
import { periodLabel } from './period-label';

export const TBD = 'TBD';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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
export const longMonthLabel = periodLabel;
