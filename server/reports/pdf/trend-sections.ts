import type { PipelineResponse, TrendsResponse } from '../../../common/api/dashboard';
import { usDate } from '../../../common/audit-words';
import { incompleteMonthLabel } from '../../../common/data-through';
import { monthLabel } from '../../../common/months';
import { MEDIAN_LABELS, medianText, STEP_LABELS } from '../../../common/pipeline-words';
import { hasConsultsGoal, type TrendMonth, trendMonths } from '../../../common/trend-months';
import { formatThousands, formatWinRate, ROUNDING_NOTE } from './format';
import type { ReportSection } from './report-model';

/** The Pipeline panel as a report section: the five steps, and the medians in a line under them. */
export function pipelineSection(pipeline: PipelineResponse, year: number): ReportSection {
  const consulted = pipeline.steps.find((s) => s.step === 'consulted')?.count ?? 0;
  const medians = MEDIAN_LABELS.map(
    ({ key, label }) => `${label}: ${medianText(pipeline.median_days[key], 'not enough cases')}`,
  ).join('   |   ');
  return {
    title: 'Pipeline',
    // The medians mean nothing without consults, and the empty text says why.
    note: consulted > 0 ? `Median days - ${medians}` : undefined,
    head: ['Step', 'Count', 'Rate %'],
    body:
      consulted > 0
        ? pipeline.steps.map((s) => [STEP_LABELS[s.step], String(s.count), formatWinRate(s.rate)])
        : [],
    foot: [],
    empty: `No consults in ${year} for this selection.`,
  };
}

/** A month's win rate where there is none: `-` is the tables' zero, which this is not. */
export const NO_RATE = 'n/a';

export const CONSULTS_GOAL = 'Consults Goal';
const GOAL_COLOR: [number, number, number] = [59, 91, 219];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A month as the chart names it: an incomplete one says how far it goes. */
const chartLabel = (m: TrendMonth) => (m.through ? incompleteMonthLabel(m.through) : monthLabel(m.month));
/** The table's narrow column marks an incomplete month with a star, which the note explains. */
const headLabel = (m: TrendMonth) => (m.through ? `${monthLabel(m.month)}*` : monthLabel(m.month));

/**
 * The Monthly Trends table with the months across, as the chart above it draws them: a row each
 * for consults, won, win rate and arch case value, and the year's totals in the last column. A
 * month without a win rate (no consult, or not yet happened) shows `n/a`, not a 0.0% that would
 * read as a month of losses, and the line breaks there; the months not yet happened are shaded in
 * the chart, whose key says so. The month the data stops part-way through is named with its last
 * day in the chart (`Nov (to 11/01)`), starred in the table, and said in the note: its figures are not a whole month's.
 */
export function trendsSection(trends: TrendsResponse, year: number): ReportSection {
  const months = trendMonths(trends);
  const any = months.some((m) => m.consults > 0 || m.arch_value > 0);
  const each = (format: (m: TrendMonth) => string) => months.map(format);
  // The consults goal (docs/behaviour.md section 16): a dashed line over the bars, a row under Consults.
  const goal = hasConsultsGoal(months) ? months.map((m) => m.consults_goal ?? 0) : null;
  const partial = months.find((m) => m.through !== null);
  const through = trends.data_through;
  const partialNote = partial?.through
    ? `* ${incompleteMonthLabel(partial.through)} is an incomplete month: the data runs only to ${usDate(partial.through)}.`
    : undefined;
  // Months begun after the data stops: their zeros are no figures (docs/behaviour.md section 6.6).
  const empty = months.filter((m) => m.no_data).map((m) => monthLabel(m.month));
  const emptyNote =
    empty.length > 0 && through
      ? `No data yet for ${empty.join(', ')}: the data runs only to ${usDate(through)}.`
      : undefined;
  return {
    title: 'Monthly Trends',
    note: any ? [partialNote, emptyNote, ROUNDING_NOTE].filter(Boolean).join(' ') : undefined,
    chart: any
      ? {
          labels: months.map(chartLabel),
          bars: [
            { label: 'Consults', color: [173, 181, 189], values: months.map((m) => m.consults) },
            { label: 'Won', color: [15, 122, 123], values: months.map((m) => m.won) },
          ],
          line: { label: 'Win Rate %', color: [232, 89, 12], values: months.map((m) => m.win_rate) },
          ...(goal ? { goal: { label: CONSULTS_GOAL, color: GOAL_COLOR, values: goal } } : {}),
          toCome: months.map((m) => m.to_come),
        }
      : undefined,
    head: ['', ...months.map(headLabel), 'Total'],
    body: any
      ? [
          ['Consults', ...each((m) => String(m.consults)), String(sum(trends.consults))],
          ...(goal ? [[CONSULTS_GOAL, ...goal.map(String), String(sum(goal))]] : []),
          ['Won', ...each((m) => String(m.won)), String(sum(trends.won))],
          // No yearly win rate: the Consult Overview gives it, computed the server's way.
          ['Win Rate %', ...each((m) => (m.win_rate === null ? NO_RATE : formatWinRate(m.win_rate))), ''],
          [
            'Arch Case Value',
            ...each((m) => formatThousands(m.arch_value)),
            formatThousands(sum(trends.arch_value)),
          ],
        ]
      : [],
    foot: [],
    empty: `No consults or arch cases in ${year} for this selection.`,
  };
}
