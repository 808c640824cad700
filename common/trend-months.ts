/**
 * The Monthly Trends month by month, as the panel, its chart and the PDF report show them
 * (docs/screens.md, Monthly Trends): a win rate only where there is one to give.
 */
import type { TrendsResponse } from './api/dashboard';
import { incompleteMonth } from './data-through';
import { monthLabel } from './months';

export interface TrendMonth {
  /** `YYYY-MM`. */
  month: string;
  consults: number;
  won: number;
  /**
   * The month's win rate; null for a month with no consult (0 of 0 is no rate, and drawn as 0%
   * it would read as a month of losses) and for a month that has not happened yet.
   */
  win_rate: number | null;
  arch_value: number;
  /**
   * The month's consults goal (docs/behaviour.md section 16): the sum of the consults goals that
   * exist, or the chosen provider's; null when there is none, or a location is chosen.
   */
  consults_goal: number | null;
  /** The month begins after today (the server's date): it has not happened yet. */
  to_come: boolean;
  /**
   * The data-through day (docs/behaviour.md section 6.6) when the data stops part-way through this
   * month, so its figures are not a whole month's; else null.
   */
  through: string | null;
  /**
   * The month comes after the data-through month but has begun (today is in it or after it): the
   * data holds nothing of it yet, so its zeros are no figures and it has no win rate.
   */
  no_data: boolean;
}

export function trendMonths(trends: TrendsResponse): TrendMonth[] {
  const toCome = new Set(trends.months_to_come);
  const partial = incompleteMonth(trends.data_through);
  const dataMonth = trends.data_through?.slice(0, 7) ?? null;
  return trends.months.map((month, i) => {
    const consults = trends.consults[i] ?? 0;
    const later = toCome.has(month);
    const noData = !later && dataMonth !== null && month > dataMonth;
    return {
      month,
      consults,
      won: trends.won[i] ?? 0,
      win_rate: consults > 0 && !later && !noData ? (trends.win_rate[i] ?? 0) : null,
      arch_value: trends.arch_value[i] ?? 0,
      consults_goal: trends.consults_goal?.[i] ?? null,
      to_come: later,
      through: month === partial ? trends.data_through : null,
      no_data: noData,
    };
  });
}

/** A month as a chart's axis names it: the incomplete month starred, as its key explains. */
export const chartMonthLabel = (month: Pick<TrendMonth, 'month' | 'through'>) =>
  `${monthLabel(month.month)}${month.through ? '*' : ''}`;

/** Whether the months carry a consults goal to draw and list. */
export const hasConsultsGoal = (months: readonly TrendMonth[]) =>
  months.some((m) => m.consults_goal !== null);

/** The word for a month without a win rate, as the table and the tooltip say it. */
export const noRateWords = (month: Pick<TrendMonth, 'to_come' | 'no_data'>) =>
  month.to_come ? 'Not yet happened' : month.no_data ? NO_DATA_YET : 'No consults';

/** A month begun after the data stops (docs/behaviour.md section 6.6). */
export const NO_DATA_YET = 'No data yet';
