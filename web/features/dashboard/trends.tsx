import { Box, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TrendsResponse } from '../../../common/api/dashboard';
import { partMonthWords } from '../../../common/data-through';
import { formatCurrency, formatPercent } from '../../../common/format';
import { longMonthLabel, monthLabel } from '../../../common/months';
import { hasConsultsGoal, noRateWords, type TrendMonth, trendMonths } from '../../../common/trend-months';
import { type Column, ColumnRows } from '../../components/column-table';
import { ScrollTable } from '../../components/scroll-table';
import { TrendChart } from './charts';
import classes from './dashboard.module.css';
import type { Filters } from './filters';
import { EmptyState, NO_DATA_HINT, Panel, TableSkeleton } from './parts';

const number = { className: classes.number };

/** A month without a win rate shows a dash, and says why to whoever cannot see the dash's place. */
function winRateCell(row: TrendMonth) {
  if (row.win_rate !== null) return formatPercent(row.win_rate);
  const words = noRateWords(row);
  return (
    <span title={words}>
      <span aria-hidden>—</span>
      <VisuallyHidden>{words}</VisuallyHidden>
    </span>
  );
}

const COLUMNS: readonly Column<TrendMonth>[] = [
  {
    header: 'Month',
    // The short label is shown; the long one is what a screen reader announces for the row.
    cell: (row) => (
      <>
        <abbr title={longMonthLabel(row.month)}>{monthLabel(row.month)}</abbr>
        {row.through && (
          <Text span size="xs" c="dimmed" ml={6} className={classes.oneLine}>
            ({partMonthWords(row.through)}) incomplete month
          </Text>
        )}
        {(row.to_come || row.no_data) && (
          <Text span size="xs" c="dimmed" ml={6} className={classes.oneLine}>
            {noRateWords(row)}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Consults', cell: (row) => row.consults, td: number, th: number },
  { header: 'Won', cell: (row) => row.won, td: number, th: number },
  { header: 'Win Rate %', cell: winRateCell, td: number, th: number },
  { header: 'Arch Case Value', cell: (row) => formatCurrency(row.arch_value), td: number, th: number },
];

/** The month's consults goal, after the consults it is set against. */
const GOAL_COLUMN: Column<TrendMonth> = {
  header: 'Consults Goal',
  cell: (row) => row.consults_goal ?? '',
  td: number,
  th: number,
};
const WITH_GOAL = [...COLUMNS.slice(0, 2), GOAL_COLUMN, ...COLUMNS.slice(2)];

/** A month to come, or begun after the data stops, is drawn quietly: its row holds no figure yet. */
const rowProps = (row: TrendMonth) => (row.to_come || row.no_data ? { className: classes.toCome } : {});

interface Props {
  filters: Filters;
  data: TrendsResponse | undefined;
  loading: boolean;
}

/** Month by month: a chart for the shape, and the table beside it carrying every figure. */
export function TrendsPanel({ filters, data, loading }: Props) {
  const rows = data ? trendMonths(data) : [];
  const any = rows.some((row) => row.consults > 0 || row.arch_value > 0);
  const goal = hasConsultsGoal(rows);
  return (
    <Panel
      title="Monthly Trends"
      description={`Consults of ${filters.year} by the month of their consult date, how many were won, the win rate, and the arch case value${goal ? ", with each month's consults goal" : ''}.`}
    >
      {loading ? (
        <TableSkeleton label="Loading monthly trends" />
      ) : data && any ? (
        <>
          <TrendChart months={rows} />
          <Box mt="md">
            <ScrollTable label="Monthly trends by month" minWidth={goal ? 620 : 520}>
              <Table striped verticalSpacing={4} aria-label="Monthly Trends">
                <ColumnRows
                  columns={goal ? WITH_GOAL : COLUMNS}
                  rows={rows}
                  rowKey={(row) => row.month}
                  rowProps={rowProps}
                />
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
