import type {
  ArchCasesResponse,
  ConsultOverview,
  FutureCaseValueResponse,
  PipelineResponse,
  SummaryResponse,
  TrendsResponse,
} from './dashboard';
import type { GoalProgressResponse } from './goals';

/** Small dashboard answers for component and report tests, in the server's shapes. */

const months2026 = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
const zeroMonths = Object.fromEntries(months2026.map((m) => [m, 0]));

export const overviewFixture = (): ConsultOverview => ({
  success: true,
  year: 2026,
  providers: [
    {
      provider: 'Dr. Michael Rodriguez',
      consults_lost: 5,
      consults_won: 5,
      pending_finance: 2,
      consults_ytd: 13,
      future_consults: 2,
      future_ytd_total: 15,
      win_rate: 38.5,
    },
    {
      provider: 'Dr. Sarah Chen',
      consults_lost: 0,
      consults_won: 8,
      pending_finance: 1,
      consults_ytd: 24,
      future_consults: 2,
      future_ytd_total: 26,
      win_rate: 33.3,
    },
  ],
  totals: {
    consults_lost: 5,
    consults_won: 13,
    pending_finance: 3,
    consults_ytd: 37,
    future_consults: 4,
    future_ytd_total: 41,
    win_rate: 35.1,
  },
  acceptable_range: {
    mean: 20.5,
    lower: 16.4,
    upper: 24.6,
    variance_status: 'Variance Too Large',
    outside: ['Dr. Michael Rodriguez', 'Dr. Sarah Chen'],
  },
});

export const archCasesFixture = (): ArchCasesResponse => ({
  success: true,
  year: 2026,
  months: months2026,
  providers: [
    { provider: 'Dr. Michael Rodriguez', ...zeroMonths, '2026-06': 14995, total: 14995 },
    { provider: 'Dr. Sarah Chen', ...zeroMonths, '2026-01': 29990, '2026-06': 14995, total: 44985 },
  ],
  month_totals: { ...zeroMonths, '2026-01': 29990, '2026-06': 29990 },
  grand_total: 59980,
});

export const futureFixture = (): FutureCaseValueResponse => ({
  success: true,
  future_treatments: {
    months: ['2026-11', '2026-12', 'TBD'],
    dates: ['2026-11', '2026-12', 'TBD'],
    providers: [
      { provider: 'Dr. Michael Rodriguez', '2026-11': 0, '2026-12': 29990, TBD: 0, total: 29990 },
      { provider: 'Dr. Sarah Chen', '2026-11': 29990, '2026-12': 0, TBD: 14995, total: 44985 },
    ],
    month_totals: { '2026-11': 29990, '2026-12': 29990, TBD: 14995 },
    grand_total: 74975,
  },
  pending_finance: {
    providers: [
      { provider: 'Dr. Michael Rodriguez', case_value: 0 },
      { provider: 'Dr. Sarah Chen', case_value: 44985 },
    ],
    grand_total: 44985,
  },
});

export const pipelineFixture = (): PipelineResponse => ({
  success: true,
  year: 2026,
  steps: [
    { step: 'consulted', count: 37, rate: 100 },
    { step: 'presented', count: 30, rate: 81.1 },
    { step: 'accepted', count: 13, rate: 35.1 },
    { step: 'surgery', count: 9, rate: 24.3 },
    { step: 'final', count: 4, rate: 10.8 },
  ],
  median_days: { consult_to_accept: 21.5, accept_to_surgery: 34, surgery_to_final: null },
});

const monthly = (values: Record<number, number>) => months2026.map((_, i) => values[i] ?? 0);

export const trendsFixture = (): TrendsResponse => ({
  success: true,
  year: 2026,
  months: months2026,
  consults: monthly({ 0: 5, 1: 3, 5: 12, 10: 17 }),
  won: monthly({ 0: 2, 1: 1, 5: 4, 10: 6 }),
  win_rate: monthly({ 0: 40, 1: 33.3, 5: 33.3, 10: 35.3 }),
  arch_value: monthly({ 0: 29990, 5: 29990 }),
  // Seen on November 25: December has not begun.
  months_to_come: ['2026-12'],
  // Imported up to November 25 itself: November is incomplete.
  data_through: '2026-11-25',
  consults_goal: null,
});

/** The twelve month labels, as every table and chart of the dashboard writes them. */
export const MONTH_LABELS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * The headline figures of the fixtures above, with a year before to set beside them: seen on
 * November 25 of `year`, so through that day of the year before; with `through` null, a past year
 * set beside the whole year before.
 */
export const summaryFixture = (year = 2026, through: string | null = '11-25'): SummaryResponse => ({
  success: true,
  year,
  previous_year: year - 1,
  previous_period: { from: `${year - 1}-01-01`, to: `${year - 1}-${through ?? '12-31'}` },
  data_through: `${year}-${through ?? '12-31'}`,
  consults_ytd: { value: 37, previous: 30 },
  consults_won: { value: 13, previous: 13 },
  win_rate: { value: 35.1, previous: 43.3 },
  arch_case_value: { value: 59980, previous: 74975 },
  future_scheduled_value: 44985,
  pending_finance_value: 44985,
});

/**
 * Goals to date through November 2026 (docs/behaviour.md section 16): every status once. Dr.
 * Rodriguez met his consults goal, is close on won and behind on arch value; Dr. Chen is close on
 * consults, had a won goal of 0 so far and has no arch value goal. The totals add up the providers
 * with each goal: 37 of 42 consults, 13 of 6 won, $29,990 of $60,000.
 */
export const goalsFixture = (): GoalProgressResponse => ({
  success: true,
  year: 2026,
  through: '2026-11',
  providers: [
    {
      provider: 'Dr. Michael Rodriguez',
      consults: { goal: 12, actual: 13, percent: 108.3 },
      won: { goal: 6, actual: 5, percent: 83.3 },
      arch_value: { goal: 60000, actual: 29990, percent: 50 },
    },
    {
      provider: 'Dr. Sarah Chen',
      consults: { goal: 30, actual: 24, percent: 80 },
      won: { goal: 0, actual: 8, percent: null },
      arch_value: { goal: null, actual: 29990, percent: null },
    },
  ],
  totals: {
    consults: { goal: 42, actual: 37, percent: 88.1 },
    won: { goal: 6, actual: 13, percent: 216.7 },
    arch_value: { goal: 60000, actual: 29990, percent: 50 },
  },
});

/** A year without goals. */
export const noGoalsFixture = (year = 2026): GoalProgressResponse => ({
  success: true,
  year,
  through: `${year}-11`,
  providers: [],
  totals: {
    consults: { goal: null, actual: 0, percent: null },
    won: { goal: null, actual: 0, percent: null },
    arch_value: { goal: null, actual: 0, percent: null },
  },
});
