/** 16. Goals: each provider's goals to date against section 13's monthly trends (docs/behaviour.md section 16). */
import {
  GOAL_METRICS,
  type Goal,
  type GoalFigure,
  type GoalMetric,
  type GoalProgressResponse,
} from '../../../common/api/goals';
import { roundRatio, toCents } from '../round';
import { compareText, matchesProvider, providerFilter, yearMonths } from './common';
import type { Trends } from './pipeline';

export type GoalProgress = Omit<GoalProgressResponse, 'success' | 'year'>;
/** The monthly figures a goal is set against: section 13's trends of one provider. */
export type MonthlyFigures = Pick<Trends, GoalMetric>;

/**
 * The last month of `year` counted on `asOf`: all of a past year, this year through asOf's month,
 * none of a year to come (null).
 */
export function goalsThrough(year: number, asOf: string): string | null {
  const asOfYear = Number(asOf.slice(0, 4));
  if (year > asOfYear) return null;
  return year < asOfYear ? `${year}-12` : asOf.slice(0, 7);
}

/** Goals in the order the API lists them: provider case-insensitively, then metric. */
export function sortGoals<G extends Pick<Goal, 'provider' | 'metric'>>(goals: G[]): G[] {
  return [...goals].sort(
    (a, b) =>
      compareText(a.provider, b.provider) || GOAL_METRICS.indexOf(a.metric) - GOAL_METRICS.indexOf(b.metric),
  );
}

/** Money is added in cents and counts as they are, so both compare exactly. */
const unitsOf = (metric: GoalMetric, amount: number) => (metric === 'arch_value' ? toCents(amount) : amount);
const fromUnits = (metric: GoalMetric, units: number) => (metric === 'arch_value' ? units / 100 : units);
const sumTo = (metric: GoalMetric, amounts: number[], count: number) =>
  amounts.slice(0, count).reduce((sum, a) => sum + unitsOf(metric, a), 0);

/** Percent of a goal, rounded as the win rate; null without a goal or with a goal of 0. */
const percentOf = (actual: number, goal: number | null) =>
  goal === null || goal === 0 ? null : roundRatio(actual * 100, goal, 1);

const figure = (metric: GoalMetric, goal: number | null, actual: number): GoalFigure => ({
  goal: goal === null ? null : fromUnits(metric, goal),
  actual: fromUnits(metric, actual),
  percent: percentOf(actual, goal),
});

/**
 * Each provider with a goal in the year (after the provider filter), with each metric's goal,
 * actual and percent summed over the months through `goalsThrough`, and the totals over the
 * providers that have a goal of that metric. `goals` are the year's; `figuresOf` gives a
 * provider's monthly trends of that year over every location.
 */
export function goalProgress(
  goals: Goal[],
  year: number,
  asOf: string,
  provider: string | null | undefined,
  figuresOf: (provider: string) => MonthlyFigures,
): GoalProgress {
  const filter = providerFilter(provider);
  const through = goalsThrough(year, asOf);
  const counted = through === null ? 0 : yearMonths(year).indexOf(through) + 1;
  const byProvider = new Map<string, Map<GoalMetric, Goal>>();
  for (const g of goals) {
    if (!matchesProvider(filter, g.provider)) continue;
    const own = byProvider.get(g.provider) ?? new Map<GoalMetric, Goal>();
    own.set(g.metric, g);
    byProvider.set(g.provider, own);
  }
  const names = [...byProvider.keys()].sort(compareText);
  const totals = Object.fromEntries(
    GOAL_METRICS.map((m) => [m, { goal: null as number | null, actual: 0 }]),
  ) as Record<GoalMetric, { goal: number | null; actual: number }>;
  const providers = names.map((name) => {
    const own = byProvider.get(name) ?? new Map<GoalMetric, Goal>();
    const monthly = figuresOf(name);
    const row = { provider: name } as GoalProgress['providers'][number];
    for (const metric of GOAL_METRICS) {
      const set = own.get(metric);
      const goal = set ? sumTo(metric, set.months, counted) : null;
      const actual = sumTo(metric, monthly[metric], counted);
      row[metric] = figure(metric, goal, actual);
      if (goal !== null) {
        totals[metric].goal = (totals[metric].goal ?? 0) + goal;
        totals[metric].actual += actual;
      }
    }
    return row;
  });
  return {
    through,
    providers,
    totals: {
      consults: figure('consults', totals.consults.goal, totals.consults.actual),
      won: figure('won', totals.won.goal, totals.won.actual),
      arch_value: figure('arch_value', totals.arch_value.goal, totals.arch_value.actual),
    },
  };
}

/**
 * The consults goal of each month for the trend chart's line: with every provider the sum of the
 * consults goals that exist, with one provider theirs; null when there is none to draw.
 */
export function consultsGoalLine(goals: Goal[], provider: string | null | undefined): number[] | null {
  const filter = providerFilter(provider);
  const consults = goals.filter((g) => g.metric === 'consults' && matchesProvider(filter, g.provider));
  if (consults.length === 0) return null;
  return Array.from({ length: 12 }, (_, m) => consults.reduce((sum, g) => sum + g.months[m], 0));
}
