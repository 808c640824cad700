/** How a detail list's period key reads, the same in titles, workbooks and the audit log. */
import { ALL_DATES } from './api/dashboard';

export const LONG_MONTHS = [
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
] as const;

/**
 * `2026-01` reads `January 2026`; `TBD` reads "no date yet (TBD)", `all` (a Total cell) "all
 * dates", and a whole year (`2026`) or anything else as itself.
 */
export function periodLabel(key: string): string {
  if (key === 'TBD') return 'no date yet (TBD)';
  if (key === ALL_DATES) return 'all dates';
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  const month = match ? Number(match[2]) : 0;
  return match && month >= 1 && month <= 12 ? `${LONG_MONTHS[month - 1]} ${match[1]}` : key;
}
