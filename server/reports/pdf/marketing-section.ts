import {
  type MarketingFigures,
  type MarketingResponse,
  SPEND_WHOLE_GROUP,
} from '../../../common/api/marketing';
import { throughText } from '../../../common/goal-words';
import { formatThousands } from './format';
import type { ReportSection } from './report-model';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A cost to the cent (`$666.83`), or n/a: a cost per lead is far below the thousands of the rest. */
const cost = (value: number | null) => (value === null ? 'n/a' : dollars.format(value));

type Column = { head: string; cell: (f: MarketingFigures) => string; spend?: true };

const COLUMNS: Column[] = [
  { head: 'Spend', cell: (f) => (f.spend === null ? 'n/a' : formatThousands(f.spend)), spend: true },
  { head: 'Leads', cell: (f) => f.leads.toLocaleString('en-US') },
  { head: 'Consults', cell: (f) => f.consults.toLocaleString('en-US') },
  { head: 'Won', cell: (f) => f.won.toLocaleString('en-US') },
  { head: 'Arches', cell: (f) => f.arches.toLocaleString('en-US') },
  { head: 'Arch Value', cell: (f) => formatThousands(f.arch_value) },
  { head: 'Cost per Lead', cell: (f) => cost(f.cost_per_lead), spend: true },
  { head: 'Cost per Consult', cell: (f) => cost(f.cost_per_consult), spend: true },
  { head: 'Cost per Arch', cell: (f) => cost(f.cost_per_arch), spend: true },
  {
    head: 'Value per $',
    cell: (f) => (f.value_per_dollar === null ? 'n/a' : f.value_per_dollar.toFixed(2)),
    spend: true,
  },
  {
    head: 'Median Days to Consult',
    cell: (f) => (f.median_days_to_consult === null ? 'n/a' : f.median_days_to_consult.toFixed(1)),
  },
];

/**
 * The Dashboard's Marketing return panel as a report section (docs/behaviour.md section 19): a
 * row per source, then `No lead`, the totals in the foot. With a location chosen the spend and the
 * costs are left out and a line says spend is entered for the whole group.
 */
export function marketingSection(
  figures: MarketingResponse,
  name: (text: string) => string,
  roundingNote: string,
): ReportSection {
  const columns = COLUMNS.filter((c) => figures.spend_included || !c.spend);
  const counted =
    figures.through === null
      ? `Nothing is counted yet: ${figures.year} has not begun.`
      : `${throughText(figures.through)}.`;
  const cells = (f: MarketingFigures) => columns.map((c) => c.cell(f));
  return {
    title: 'Marketing return',
    note: [counted, figures.spend_included ? null : `${SPEND_WHOLE_GROUP}.`, roundingNote]
      .filter(Boolean)
      .join(' '),
    head: ['Source', ...columns.map((c) => c.head)],
    body: figures.sources.map((row) => [name(row.source), ...cells(row)]),
    foot: [[name('Total'), ...cells(figures.totals)]],
    empty: `No leads, spend, consults or arch cases in ${figures.year} for this selection.`,
  };
}
