/**
 * Goals per provider and the year watched against them (docs/behaviour.md section 16): the goals
 * as configured, and the Dashboard's panel of each provider's goals to date.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { LONG_MONTHS } from '../period-label';
import { editorsOnly, endpoint, signedIn } from './endpoint';
import { ok } from './shared';

export const GOAL_METRICS = ['consults', 'won', 'arch_value'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

/** How screens, the PDF report, the workbook and error messages name each metric. */
export const GOAL_METRIC_NAMES: Record<GoalMetric, string> = {
  consults: 'Consults',
  won: 'Cases won',
  arch_value: 'Arch value',
};

/** January first, as the goals' months run. */
export const MONTH_NAMES = LONG_MONTHS;

/** What the Goals panel, the PDF report and the workbook say instead of the goals at one location. */
export const GOALS_EVERY_LOCATION = 'Goals cover every location: choose All Locations to see them.';

export const GOAL_YEAR_MIN = 2000;
export const GOAL_YEAR_MAX = 2100;
/** The largest monthly amount, in both kinds: far above any practice, and exact in cents. */
export const GOAL_AMOUNT_MAX = 999_999_999;
export const GOAL_PROVIDER_MAX = 200;
/** The most goals one year may hold (1,000 providers' three metrics). */
export const GOALS_PER_YEAR_MAX = 3_000;

export const goal = z.object({
  provider: z.string(),
  metric: z.enum(GOAL_METRICS),
  /** The twelve monthly amounts of the year, January first. */
  months: z.array(z.number()).length(12),
});
export type Goal = z.infer<typeof goal>;

const YEAR_WORDS = `year must be a year from ${GOAL_YEAR_MIN} to ${GOAL_YEAR_MAX}`;
/** A year of goals or spend (rules sections 16 and 19). */
export const goalYear = z
  .number({ error: YEAR_WORDS })
  .int(YEAR_WORDS)
  .min(GOAL_YEAR_MIN, YEAR_WORDS)
  .max(GOAL_YEAR_MAX, YEAR_WORDS);

/** A provider's name as goals keep it: trimmed, runs of whitespace as one space. */
export const goalProvider = (raw: string): string => raw.trim().replace(/\s+/g, ' ');

/** Rounds an amount of 0 or more to the cent, half away from zero. */
export const toCent = (n: number) => Math.round(n * 100) / 100;

/**
 * What one amount of a goal must be, or null when it is fine: whole for counts; for arch value any
 * amount, kept to the cent.
 */
export function goalAmountProblem(metric: GoalMetric, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  if (value < 0) return 'must be 0 or more';
  if (metric !== 'arch_value' && !Number.isInteger(value)) return 'must be a whole number';
  if (value > GOAL_AMOUNT_MAX) return `must be at most ${GOAL_AMOUNT_MAX.toLocaleString('en-US')}`;
  return null;
}

/** `Goal 3 (Dr. Ann Lee, Consults)`: how a message names the goal it is about. */
const goalLabel = (index: number, provider: unknown, metric: unknown): string => {
  const name = typeof provider === 'string' && goalProvider(provider) ? goalProvider(provider) : null;
  const metricName = GOAL_METRICS.includes(metric as GoalMetric)
    ? GOAL_METRIC_NAMES[metric as GoalMetric]
    : null;
  const about = [name, metricName].filter(Boolean).join(', ');
  return `Goal ${index + 1}${about ? ` (${about})` : ''}`;
};

/**
 * A PUT's goals are checked one field at a time, so that every problem is an issue at its own path
 * (`goals.2.months.3`): the server answers the first, the Goals card marks each at its cell.
 */
export const goalsBody = z
  .object(
    {
      year: goalYear,
      goals: z.array(z.unknown(), { error: 'goals must be a list' }),
    },
    { error: 'The request body must be {year, goals}' },
  )
  .transform((body, ctx) => {
    const goals: Goal[] = [];
    const seen = new Set<string>();
    if (body.goals.length > GOALS_PER_YEAR_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['goals'],
        message: `A year may have at most ${GOALS_PER_YEAR_MAX} goals`,
      });
      return z.NEVER;
    }
    body.goals.forEach((raw, i) => {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const label = goalLabel(i, item.provider, item.metric);
      const problem = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path: ['goals', i, ...path], message: `${label}: ${message}` });
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        problem([], 'must be {provider, metric, months}');
        return;
      }
      const provider = typeof item.provider === 'string' ? goalProvider(item.provider) : '';
      if (!provider) problem(['provider'], 'provider is required');
      else if (provider.length > GOAL_PROVIDER_MAX)
        problem(['provider'], `provider must be at most ${GOAL_PROVIDER_MAX} characters`);
      const metric = GOAL_METRICS.includes(item.metric as GoalMetric) ? (item.metric as GoalMetric) : null;
      if (!metric) problem(['metric'], `metric must be one of ${GOAL_METRICS.join(', ')}`);
      const months = item.months;
      if (!Array.isArray(months) || months.length !== 12) {
        problem(['months'], 'months must be a list of 12 amounts, January first');
        return;
      }
      months.forEach((value, m) => {
        const wrong = goalAmountProblem(metric ?? 'arch_value', value);
        if (wrong) problem(['months', m], `${MONTH_NAMES[m]} ${wrong}`);
      });
      if (!provider || !metric) return;
      const key = `${provider}\n${metric}`;
      if (seen.has(key)) {
        problem(
          [],
          `${provider} has a second ${GOAL_METRIC_NAMES[metric]} goal; a provider has one goal per metric`,
        );
        return;
      }
      seen.add(key);
      goals.push({
        provider,
        metric,
        months: (months as number[]).map((n) => (metric === 'arch_value' ? toCent(n) : n)),
      });
    });
    return { year: body.year, goals };
  });
export type GoalsBody = z.input<typeof goalsBody>;

/** A query's year: an empty year= is this year, as when it is absent. */
export const queryYear = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce.number({ error: YEAR_WORDS }).pipe(goalYear).optional(),
);

export const goalsQuery = z.object({
  year: queryYear,
  t: z.string().optional(),
  _: z.string().optional(),
});

export const goalsResponse = ok.extend({
  year: z.number().int(),
  /** Sorted by provider case-insensitively, then metric in GOAL_METRICS' order. */
  goals: z.array(goal),
});
export type GoalsResponse = z.infer<typeof goalsResponse>;

/** A goal to date: its amount, what was done, and how far along (null without a goal or with 0). */
export const goalFigure = z.object({
  goal: z.number().nullable(),
  actual: z.number(),
  percent: z.number().nullable(),
});
export type GoalFigure = z.infer<typeof goalFigure>;

const goalFigures = z.object({ consults: goalFigure, won: goalFigure, arch_value: goalFigure });

export const goalProgressQuery = z.object({
  year: queryYear,
  provider: z.string().max(GOAL_PROVIDER_MAX).optional(),
  // An empty as_of is today, as when it is absent.
  as_of: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().refine(isCalendarDate, 'as_of must be a date written YYYY-MM-DD').optional(),
  ),
  t: z.string().optional(),
  _: z.string().optional(),
});

export const goalProgressResponse = ok.extend({
  year: z.number().int(),
  /** The last month key (`YYYY-MM`) counted; null for a year after as_of's (nothing counted yet). */
  through: z.string().nullable(),
  providers: z.array(goalFigures.extend({ provider: z.string() })),
  totals: goalFigures,
});
export type GoalProgressResponse = z.infer<typeof goalProgressResponse>;
export type GoalProgressRow = GoalProgressResponse['providers'][number];

export const goalsApi = {
  /** Every role reads; a provider held to their own (section 14) gets only theirs. */
  goals: endpoint({
    method: 'GET',
    path: '/api/config/goals',
    access: signedIn,
    tag: 'configuration',
    query: goalsQuery,
    response: goalsResponse,
  }),
  /** Replaces every goal of the year; an empty list removes them. */
  setGoals: endpoint({
    method: 'PUT',
    path: '/api/config/goals',
    access: editorsOnly,
    tag: 'configuration',
    body: goalsBody,
    response: goalsResponse,
  }),
  /** Goals cover every location: no `location`. */
  progress: endpoint({
    method: 'GET',
    path: '/api/dashboard/goals',
    access: signedIn,
    tag: 'dashboard',
    query: goalProgressQuery,
    response: goalProgressResponse,
  }),
};
