import { Table, Text } from '@mantine/core';
import { useContext } from 'react';
import {
  type MarketingFigures,
  type MarketingResponse,
  NO_LEAD,
  SPEND_WHOLE_GROUP,
} from '../../../common/api/marketing';
import { formatCurrency } from '../../../common/format';
import { nothingCountedText, throughText } from '../../../common/goal-words';
import { isCaseTeam } from '../../../common/roles';
import { ScrollTable } from '../../components/scroll-table';
import { AuthContext } from '../../session/auth';
import { MarketingChart } from './charts/marketing';
import classes from './dashboard.module.css';
import type { Filters } from './filters';
import { EmptyState, Panel, TableSkeleton } from './parts';

/** The panel's element id. */
export const MARKETING_ID = 'marketing-return';

/** Whether the one signed in reads the return by source: managers, coordinators and admins. */
export function useSeesMarketing(): boolean {
  const state = useContext(AuthContext)?.state;
  return state?.status === 'signed-in' && isCaseTeam(state.user.role);
}

type Kind = 'money' | 'count' | 'ratio' | 'days';

interface Column {
  key: keyof MarketingFigures;
  header: string;
  kind: Kind;
  /** Made of the spend: left out with a location chosen, where there is none. */
  cost?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'spend', header: 'Spend', kind: 'money', cost: true },
  { key: 'leads', header: 'Leads', kind: 'count' },
  { key: 'consults', header: 'Consults', kind: 'count' },
  { key: 'won', header: 'Won', kind: 'count' },
  { key: 'arches', header: 'Arches', kind: 'count' },
  { key: 'arch_value', header: 'Arch value', kind: 'money' },
  { key: 'cost_per_lead', header: 'Cost per lead', kind: 'money', cost: true },
  { key: 'cost_per_consult', header: 'Cost per consult', kind: 'money', cost: true },
  { key: 'cost_per_arch', header: 'Cost per arch', kind: 'money', cost: true },
  { key: 'value_per_dollar', header: 'Value per $1', kind: 'ratio', cost: true },
  { key: 'median_days_to_consult', header: 'Median days to consult', kind: 'days' },
];

/** A figure as its cell shows it; no figure is a dash, and so is no money (as every money cell). */
export function figureText(kind: Kind, value: number | null): string {
  if (value === null) return '-';
  switch (kind) {
    case 'money':
      return formatCurrency(value);
    case 'ratio':
      return `$${value.toFixed(2)}`;
    case 'days':
      return value.toFixed(1);
    case 'count':
      return value.toLocaleString('en-US');
  }
}

interface Props {
  filters: Filters;
  data: MarketingResponse | undefined;
  loading: boolean;
}

/**
 * What each lead source cost and brought (docs/behaviour.md section 19): the figures are the
 * server's, for every provider; this only shows them. Spend is entered for the whole group, so
 * with a location chosen the costs give way to a line saying so.
 */
export function MarketingPanel({ filters, data, loading }: Props) {
  return (
    <Panel
      id={MARKETING_ID}
      title="Marketing return"
      description={`What each lead source cost in ${filters.year} and the leads, consults and arches it brought, for every provider.`}
    >
      {loading ? (
        <TableSkeleton label="Loading marketing return" rows={4} />
      ) : !data ? null : data.through === null ? (
        <EmptyState>{nothingCountedText(data.year)}</EmptyState>
      ) : data.sources.length === 0 ? (
        <EmptyState>
          No leads, spend or cases for {data.year} to date. Import a leads file on the Data Import tab, and
          enter the spend on the Configuration tab.
        </EmptyState>
      ) : (
        <Return data={data} through={data.through} />
      )}
    </Panel>
  );
}

function Return({ data, through }: { data: MarketingResponse; through: string }) {
  const columns = data.spend_included ? COLUMNS : COLUMNS.filter((c) => !c.cost);
  const charted = data.sources
    .filter((row) => row.source !== NO_LEAD)
    .map((row) => ({ source: row.source, spend: row.spend ?? 0, arch_value: row.arch_value }));
  const cells = (figures: MarketingFigures) =>
    columns.map((column) => (
      <Table.Td key={column.key} className={classes.number}>
        {figureText(column.kind, figures[column.key])}
      </Table.Td>
    ));
  return (
    <>
      <Text size="sm" fw={600}>
        {throughText(through)}
      </Text>
      {!data.spend_included && (
        <>
          <Text size="sm">{SPEND_WHOLE_GROUP}.</Text>
          <Text size="sm" c="dimmed">
            Choose All Locations to see the spend and what each lead, consult and arch cost.
          </Text>
        </>
      )}
      <div style={{ height: 'var(--mantine-spacing-xs)' }} />
      <ScrollTable label="Marketing return table" minWidth={data.spend_included ? 980 : 640}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Marketing return by source">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.stickyColumn}>Source</Table.Th>
              {columns.map((column) => (
                // Headers may break onto two lines, so every column fits a desktop's card.
                <Table.Th key={column.key} className={classes.number} style={{ whiteSpace: 'normal' }}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.sources.map((row) => (
              <Table.Tr key={row.source}>
                <Table.Th scope="row" fw={500} className={classes.stickyColumn}>
                  {row.source}
                </Table.Th>
                {cells(row)}
              </Table.Tr>
            ))}
            <Table.Tr className={classes.totalsRow}>
              <Table.Th scope="row" className={classes.stickyColumn}>
                Total
              </Table.Th>
              {cells(data.totals)}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {data.spend_included && charted.length > 0 && (
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          <MarketingChart sources={charted} />
        </div>
      )}
    </>
  );
}
