/**
 * The period a detail list's path names (docs/behaviour.md sections 6.2 and 6.3), read the same way
 * by the list (server/dashboard/routes.ts) and by its workbook (server/exports/detail-lists.ts).
 */
import { ALL_DATES } from '../../common/api/dashboard';
import { parseMonthParam, TBD } from '../domain/figures';
import { fieldError } from '../http/errors';

/** An arch-case list: `YYYY-MM`, `1`..`12` with the year, or a whole year `YYYY` (a Total cell). */
export function archPeriod(param: string, year: number): string {
  const raw = param.trim();
  const month = /^\d{4}$/.test(raw) ? raw : parseMonthParam(raw, year);
  if (!month) throw fieldError('month', 'month must be YYYY-MM, a year YYYY, or 1 to 12 with year');
  return month;
}

/** A future-case list: `YYYY-MM`, `TBD`, or `all` for every date (a Total cell); any case. */
export function futurePeriod(param: string): string {
  const raw = param.trim();
  if (raw.toLowerCase() === ALL_DATES) return ALL_DATES;
  const month = raw.toUpperCase() === TBD ? TBD : parseMonthParam(raw);
  if (!month) throw fieldError('month', 'month must be YYYY-MM, TBD or all');
  return month;
}
