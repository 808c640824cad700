/**
 * How the Goals panel and the PDF report say a goal to date (docs/screens.md, Goals), so both read
 * alike: the figures in words, and how far along in a word as well as a colour.
 */
import {
  GOAL_METRIC_NAMES,
  GOAL_METRICS,
  type GoalFigure,
  type GoalMetric,
  type GoalProgressResponse,
} from './api/goals';
import { formatCurrency, formatPercent } from './format';
import { periodLabel } from './period-label';

/** Met from 100% of the goal, close from 80%, behind below; no goal, or a goal of 0 so far. */
export type GoalStatus = 'met' | 'close' | 'behind' | 'none' | 'nothing_due';

export const MET_FROM = 100;
export const CLOSE_FROM = 80;

export const GOAL_STATUS_WORDS: Record<GoalStatus, string> = {
  met: 'Met',
  close: 'Close',
  behind: 'Behind',
  none: 'No goal',
  nothing_due: 'Nothing due yet',
};

/** The key under the panel's heading: the colours said in words. */
export const GOAL_STATUS_KEY = 'Met: 100% of the goal or more. Close: 80% or more. Behind: under 80%.';

/** Where a figure stands: percent is null without a goal, or with a goal of 0 to date. */
export function goalStatus(figure: GoalFigure): GoalStatus {
  if (figure.goal === null) return 'none';
  if (figure.percent === null) return 'nothing_due';
  if (figure.percent >= MET_FROM) return 'met';
  if (figure.percent >= CLOSE_FROM) return 'close';
  return 'behind';
}

/** The metrics in the order every screen lists them, with their names. */
export const GOAL_ROWS = GOAL_METRICS.map((metric) => ({ metric, label: GOAL_METRIC_NAMES[metric] }));

/** A metric's amount as the Dashboard writes it: counts as they are, money as `$12,345` ('-' for 0). */
export const goalAmount = (metric: GoalMetric, value: number) =>
  metric === 'arch_value' ? formatCurrency(value) : value.toLocaleString('en-US');

/** A total without a goal counts no provider: its actual of 0 would read as nothing done. */
export const NO_PROVIDER_GOAL = 'No provider has this goal';

/**
 * `42 of 50 · 84.0%`; without a goal only what was done, `42 so far` (a total without one, that no
 * provider has it); with a goal of 0 to date, `3 so far · goal 0 to date`.
 */
export function goalFigureText(metric: GoalMetric, figure: GoalFigure, total = false): string {
  const actual = goalAmount(metric, figure.actual);
  if (figure.goal === null) return total ? NO_PROVIDER_GOAL : `${actual} so far`;
  if (figure.percent === null) return `${actual} so far · goal 0 to date`;
  return `${actual} of ${goalAmount(metric, figure.goal)} · ${formatPercent(figure.percent)}`;
}

/** `November 2026`, from the answer's `through` (`2026-11`). */
export const throughMonth = (through: string): string => periodLabel(through);

/** `Through November 2026`: the months the figures count. */
export const throughText = (through: string) => `Through ${throughMonth(through)}`;

/** Said in place of the goals when a location is chosen: they are of every location. */
export { GOALS_EVERY_LOCATION } from './api/goals';

/** A year that has not begun: its goals exist, but nothing is counted against them yet. */
export const nothingCountedText = (year: number) => `Nothing is counted yet: ${year} has not begun.`;

/** The year (or the provider's year) has no goal at all. */
export const noGoalsText = (year: number, provider: string | null) =>
  provider ? `No goals are set for ${provider} in ${year}.` : `No goals are set for ${year}.`;

/** The groups the panel and the report show: the totals first (when more than one provider), then each. */
export function goalGroups(data: GoalProgressResponse) {
  const rows = data.providers.map((row) => ({ name: row.provider, figures: row, total: false }));
  // One provider's totals are that provider's figures again.
  return rows.length > 1 ? [{ name: TOTAL_NAME, figures: data.totals, total: true }, ...rows] : rows;
}

export const TOTAL_NAME = 'Total';
/** What the totals are: a provider without a goal of a kind is not in that kind's total. */
export const TOTALS_NOTE = 'The totals add up the providers with each goal.';
