/**
 * The report's six summary statistics, each by-year one with the same comparison as the
 * Dashboard's headline figures (docs/screens.md, Headline figures): the year before over the
 * same days, in the report's own number formats.
 */
import type { SummaryResponse } from '../../../common/api/dashboard';
import { comparisonLabel } from '../../../common/comparison-period';
import { formatThousands, formatWinRate } from './format';

export interface ReportStat {
  label: string;
  value: string;
  /** `Jan 1-Nov 25, 2025: 45 (+13)`, or why a figure has none. */
  comparison: string;
}

// The report's standard font has no minus sign: a hyphen stands for it, as in its money figures.
const signed = (diff: number, text: string) => (diff > 0 ? `+${text}` : diff < 0 ? `-${text}` : 'no change');

export function reportStats(summary: SummaryResponse): ReportStat[] {
  const before = comparisonLabel(summary.previous_period);
  const versus = (previous: string, change: string) => `${before}: ${previous} (${change})`;
  const count = ({ value, previous }: { value: number; previous: number }) =>
    versus(String(previous), signed(value - previous, String(Math.abs(value - previous))));
  // Rates come with one decimal: their difference is worked in tenths so 0.1 stays 0.1.
  const tenths = Math.round(summary.win_rate.value * 10) - Math.round(summary.win_rate.previous * 10);
  const arch = summary.arch_case_value;
  const dollars = Math.round(arch.value) - Math.round(arch.previous);
  return [
    {
      label: 'Consults YTD',
      value: String(summary.consults_ytd.value),
      comparison: count(summary.consults_ytd),
    },
    {
      label: 'Consults Won',
      value: String(summary.consults_won.value),
      comparison: count(summary.consults_won),
    },
    {
      label: 'Win Rate',
      value: formatWinRate(summary.win_rate.value),
      comparison: versus(
        formatWinRate(summary.win_rate.previous),
        signed(tenths, `${(Math.abs(tenths) / 10).toFixed(1)} pts`),
      ),
    },
    {
      label: 'Arch Case Value',
      value: formatThousands(arch.value, '$0.0k'),
      comparison: versus(
        formatThousands(arch.previous, '$0.0k'),
        signed(dollars, formatThousands(Math.abs(dollars), '$0.0k')),
      ),
    },
    {
      label: 'Future Scheduled Value',
      value: formatThousands(summary.future_scheduled_value, '$0.0k'),
      comparison: 'Not by year: every scheduled treatment',
    },
    {
      label: 'Pending Finance Value',
      value: formatThousands(summary.pending_finance_value, '$0.0k'),
      comparison: 'Not by year: every open case',
    },
  ];
}
