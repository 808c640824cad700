import { Box, Table } from '@mantine/core';
import type { TrendsResponse } from '../../../common/api/dashboard';
import { type Column, ColumnRows } from '../../components/column-table';
import { ScrollTable } from '../../components/scroll-table';
import { formatCurrency, formatPercent } from '../../lib/format';
import { TrendChart } from './charts';
import classes from './dashboard.module.css';
import type { Filters } from './filters';
import { longMonthLabel, monthLabel } from './months';
import { EmptyState, NO_DATA_HINT, Panel, TableSkeleton } from './parts';

export interface TrendRow {
  month: string;
  consults: number;
  won: number;
  win_rate: number;
  arch_value: number;
}

/** The four lists of the answer, one row per month. */
export const trendRows = (trends: TrendsResponse): TrendRow[] =>
  trends.months.map((month, i) => ({
    month,
    consults: trends.consults[i] ?? 0,
    won: trends.won[i] ?? 0,
    win_rate: trends.win_rate[i] ?? 0,
    arch_value: trends.arch_value[i] ?? 0,
  }));

const number = { className: classes.number };

const COLUMNS: readonly Column<TrendRow>[] = [
  {
    header: 'Month',
    // The short label is shown; the long one is what a screen reader announces for the row.
    cell: (row) => <abbr title={longMonthLabel(row.month)}>{monthLabel(row.month)}</abbr>,
  },
  { header: 'Consults', cell: (row) => row.consults, td: number, th: number },
  { header: 'Won', cell: (row) => row.won, td: number, th: number },
  { header: 'Win Rate %', cell: (row) => formatPercent(row.win_rate), td: number, th: number },
  { header: 'Arch Case Value', cell: (row) => formatCurrency(row.arch_value), td: number, th: number },
];

interface Props {
  filters: Filters;
  data: TrendsResponse | undefined;
  loading: boolean;
}

/** Month by month: a chart for the shape, and the table beside it carrying every figure. */
export function TrendsPanel({ filters, data, loading }: Props) {
  const rows = data ? trendRows(data) : [];
  const any = rows.some((row) => row.consults > 0 || row.arch_value > 0);
  return (
    <Panel
      title="Monthly Trends"
      description={`Consults of ${filters.year} by the month of their consult date, how many were won, the win rate, and the arch case value.`}
    >
      {loading ? (
        <TableSkeleton label="Loading monthly trends" />
      ) : data && any ? (
        <>
          <TrendChart trends={data} />
          <Box mt="md">
            <ScrollTable label="Monthly trends by month" minWidth={520}>
              <Table striped verticalSpacing={4} aria-label="Monthly Trends">
                <ColumnRows columns={COLUMNS} rows={rows} rowKey={(row) => row.month} />
              </Table>
            </ScrollTable>
          </Box>
        </>
      ) : (
        <EmptyState>No consults or arch cases for this selection. {NO_DATA_HINT}</EmptyState>
      )}
    </Panel>
  );
}
