import type { PipelineResponse, TrendsResponse } from '../../../../common/api/dashboard';
import { monthLabel } from '../months';
import { MEDIAN_LABELS, medianText, STEP_LABELS } from '../pipeline-words';
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

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The Monthly Trends table with the months across, as the chart above it draws them: a row each
 * for consults, won, win rate and arch case value, and the year's totals in the last column.
 */
export function trendsSection(trends: TrendsResponse, year: number): ReportSection {
  const any = trends.consults.some((v) => v > 0) || trends.arch_value.some((v) => v > 0);
  const each = (format: (i: number) => string) => trends.months.map((_, i) => format(i));
  return {
    title: 'Monthly Trends',
    note: any ? ROUNDING_NOTE : undefined,
    chart: any
      ? {
          labels: trends.months.map((month) => monthLabel(month)),
          bars: [
            { label: 'Consults', color: [173, 181, 189], values: trends.consults },
            { label: 'Won', color: [15, 122, 123], values: trends.won },
          ],
          line: { label: 'Win Rate %', color: [232, 89, 12], values: trends.win_rate },
        }
      : undefined,
    head: ['', ...trends.months.map((month) => monthLabel(month)), 'Total'],
    body: any
      ? [
          ['Consults', ...each((i) => String(trends.consults[i] ?? 0)), String(sum(trends.consults))],
          ['Won', ...each((i) => String(trends.won[i] ?? 0)), String(sum(trends.won))],
          // No yearly win rate: the Consult Overview gives it, computed the server's way.
          ['Win Rate %', ...each((i) => formatWinRate(trends.win_rate[i] ?? 0)), ''],
          [
            'Arch Case Value',
            ...each((i) => formatThousands(trends.arch_value[i] ?? 0)),
            formatThousands(sum(trends.arch_value)),
          ],
        ]
      : [],
    foot: [],
    empty: `No consults or arch cases in ${year} for this selection.`,
  };
}
