/** 6.4 The six headline figures (docs/behaviour.md section 6.4): the PDF report's, with last year's beside. */
import type { SummaryResponse } from '../../../common/api/dashboard';
import { archCasesByMonth } from './arch-cases';
import { consultOverview } from './consults';
import { futureCaseValue } from './future';
import { comparisonPeriod } from './periods';
import type { Appt, Ignore, Sheet } from './types';

export type Summary = Omit<SummaryResponse, 'success' | 'data_through'>;

/**
 * Each by-year figure is the same total the panels show for `year`, set beside the same total
 * of the year before (its own Ignore List year) over the days of comparisonPeriod: for the year
 * of `day` (the day the data runs to, docs/behaviour.md section 6.6) January 1 through that month
 * and day, so a year whose data stops part-way is not set against a whole one; for any other year
 * the whole year, which is the panel's own answer for that year.
 */
export function summary(
  sheet: Sheet,
  appts: Appt[],
  ignore: Ignore,
  year: number,
  provider: string | null | undefined,
  day: string,
): Summary {
  const previousYear = year - 1;
  const period = comparisonPeriod(year, day);
  // The panels' own definitions, over the rows whose date falls on or before the period's end.
  const through = (date: string | null) => date !== null && date <= period.to;
  const consults = consultOverview(sheet, appts, ignore, year, provider).totals;
  const consultsBefore = consultOverview(
    sheet.filter((r) => through(r.consult_date)),
    [],
    ignore,
    previousYear,
    provider,
  ).totals;
  const archBefore = archCasesByMonth(
    sheet.filter((r) => through(r.case_date)),
    ignore,
    previousYear,
    provider,
  );
  const future = futureCaseValue(sheet, appts, provider);
  return {
    year,
    previous_year: previousYear,
    previous_period: period,
    consults_ytd: { value: consults.consults_ytd, previous: consultsBefore.consults_ytd },
    consults_won: { value: consults.consults_won, previous: consultsBefore.consults_won },
    win_rate: { value: consults.win_rate, previous: consultsBefore.win_rate },
    arch_case_value: {
      value: archCasesByMonth(sheet, ignore, year, provider).grand_total,
      previous: archBefore.grand_total,
    },
    future_scheduled_value: future.future_treatments.grand_total,
    pending_finance_value: future.pending_finance.grand_total,
  };
}
