/** 6.4 The six headline figures (docs/behaviour.md section 6.4): the PDF report's, with last year's beside. */
import type { SummaryResponse } from '../../../common/api/dashboard';
import { archCasesByMonth } from './arch-cases';
import { consultOverview } from './consults';
import { futureCaseValue } from './future';
import type { Appt, Ignore, Sheet } from './types';

export type Summary = Omit<SummaryResponse, 'success'>;

/**
 * Each by-year figure is the same total the panels show, taken once for `year` and once for the
 * year before (its own Ignore List year), so a figure always matches its panel for either year.
 */
export function summary(
  sheet: Sheet,
  appts: Appt[],
  ignore: Ignore,
  year: number,
  provider: string | null | undefined,
): Summary {
  const previousYear = year - 1;
  const consults = consultOverview(sheet, appts, ignore, year, provider).totals;
  const consultsBefore = consultOverview(sheet, appts, ignore, previousYear, provider).totals;
  const future = futureCaseValue(sheet, appts, provider);
  return {
    year,
    previous_year: previousYear,
    consults_ytd: { value: consults.consults_ytd, previous: consultsBefore.consults_ytd },
    consults_won: { value: consults.consults_won, previous: consultsBefore.consults_won },
    win_rate: { value: consults.win_rate, previous: consultsBefore.win_rate },
    arch_case_value: {
      value: archCasesByMonth(sheet, ignore, year, provider).grand_total,
      previous: archCasesByMonth(sheet, ignore, previousYear, provider).grand_total,
    },
    future_scheduled_value: future.future_treatments.grand_total,
    pending_finance_value: future.pending_finance.grand_total,
  };
}
