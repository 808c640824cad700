/** The six headline figures as the Dashboard shows them (docs/screens.md, Headline figures). */
import { ALL_DATES, type SummaryResponse } from '../../../common/api/dashboard';
import { comparisonLabel } from '../../../common/comparison-period';
import { formatCurrency, formatPercent } from '../../../common/format';
import { type DetailRequest, detailScope } from './detail-request';
import { type Filters, providerParam } from './filters';

/** Where a figure leads: its list of patients, or the Consult Overview for figures without one. */
export type Drill = { list: DetailRequest } | { overview: true };

export interface Headline {
  label: string;
  value: string;
  /** The year before's figure over the days compared (`Jan 1-Nov 25, 2025: 35`, `2024: 40`), or why there is none. */
  comparison: string;
  /** The change since the year before (`+5`, `no change`); absent for a figure not by year. */
  change?: string;
  /** What selecting the figure shows, in words, for its accessible name. */
  action: string;
  drill: Drill;
}

const signed = (diff: number, text: string) => (diff > 0 ? `+${text}` : diff < 0 ? `−${text}` : '');

/** `Jan 1-Nov 25, 2025: 35` and `+5` (or `no change`). */
function versus(before: string, previous: string, change: string): Pick<Headline, 'comparison' | 'change'> {
  return { comparison: `${before}: ${previous}`, change: change || 'no change' };
}

/** The comparison as one line of words: `2025: 35 (+5)`. */
export const comparisonText = ({ comparison, change }: Pick<Headline, 'comparison' | 'change'>) =>
  change ? `${comparison} (${change})` : comparison;

const countChange = (now: number, before: number) => signed(now - before, String(Math.abs(now - before)));
const moneyChange = (now: number, before: number) => {
  const diff = Math.round(now) - Math.round(before);
  return signed(diff, formatCurrency(Math.abs(diff)));
};
const rateChange = (now: number, before: number) => {
  // Both rates are sent with one decimal; their difference is worked in tenths so 0.1 stays 0.1.
  const tenths = Math.round(now * 10) - Math.round(before * 10);
  return signed(tenths, `${(Math.abs(tenths) / 10).toFixed(1)} pts`);
};

export function headlines(data: SummaryResponse, filters: Filters): Headline[] {
  const provider = providerParam(filters.provider);
  const scope = detailScope(filters);
  // This year is set beside the same days of the year before; another year beside all of it.
  const before = comparisonLabel(data.previous_period);
  const overview = { overview: true } as const;
  return [
    {
      label: 'Consults YTD',
      value: String(data.consults_ytd.value),
      ...versus(
        before,
        String(data.consults_ytd.previous),
        countChange(data.consults_ytd.value, data.consults_ytd.previous),
      ),
      action: 'Show the consults by provider',
      drill: overview,
    },
    {
      label: 'Consults Won',
      value: String(data.consults_won.value),
      ...versus(
        before,
        String(data.consults_won.previous),
        countChange(data.consults_won.value, data.consults_won.previous),
      ),
      action: 'Show the consults won',
      drill: { list: { kind: 'consults', type: 'consults_won', provider, ...scope } },
    },
    {
      label: 'Win Rate',
      value: formatPercent(data.win_rate.value),
      ...versus(
        before,
        formatPercent(data.win_rate.previous),
        rateChange(data.win_rate.value, data.win_rate.previous),
      ),
      action: 'Show the win rate by provider',
      drill: overview,
    },
    {
      label: 'Arch Case Value',
      value: formatCurrency(data.arch_case_value.value),
      ...versus(
        before,
        formatCurrency(data.arch_case_value.previous),
        moneyChange(data.arch_case_value.value, data.arch_case_value.previous),
      ),
      action: `Show the arch cases of ${data.year}`,
      drill: { list: { kind: 'arch_cases', month: String(data.year), provider, ...scope } },
    },
    {
      label: 'Future Scheduled Value',
      value: formatCurrency(data.future_scheduled_value),
      // Every valued appointment ahead, whatever its year: there is no year before to set beside it.
      comparison: 'Not by year: every scheduled treatment',
      action: 'Show the future scheduled treatments',
      drill: { list: { kind: 'future_cases', month: ALL_DATES, provider, ...scope } },
    },
    {
      label: 'Pending Finance Value',
      value: formatCurrency(data.pending_finance_value),
      comparison: 'Not by year: every open case',
      action: 'Show the pending finance cases',
      drill: { list: { kind: 'pending_finance', provider, ...scope } },
    },
  ];
}
