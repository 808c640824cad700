import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MonthGridRow } from '../../../common/api/dashboard';
import { formatCurrency } from '../../../common/format';
import classes from './dashboard.module.css';
import type { DetailRequest } from './detail-request';
import { CellButton } from './parts';

/** What a month cell opens, or null when it opens nothing. */
export type CellRequest = (month: string, value: number, provider: string | null) => DetailRequest | null;

interface Props {
  label: string;
  months: readonly string[];
  rows: readonly MonthGridRow[];
  monthTotals: Record<string, number>;
  grandTotal: number;
  /** The Grand Total row's provider: the filter's, or null for every provider. */
  totalsProvider: string | null;
  monthHeader: (month: string) => string;
  request: CellRequest;
  /** "Show arch cases for Dr X in January 2026 ($29,990)". */
  buttonLabel: (month: string, value: number, provider: string | null) => string;
  /** What a Total cell opens: the row's whole list (every provider's in the Grand Total row). */
  total: {
    request: (value: number, provider: string | null) => DetailRequest | null;
    label: (value: number, provider: string | null) => string;
  };
  onOpen: (request: DetailRequest) => void;
}

export const cellValue = (row: MonthGridRow, month: string): number => {
  const value = row[month];
  return typeof value === 'number' ? value : 0;
};

/** A provider-by-month grid of money with a Total column and a Grand Total row. */
export function MoneyGrid(props: Props) {
  const { label, months, rows, monthTotals, grandTotal, totalsProvider, monthHeader } = props;

  const monthCells = (values: (month: string) => number, provider: string | null) =>
    months.map((month) => {
      const value = values(month);
      const request = props.request(month, value, provider);
      return (
        <Table.Td key={month} className={classes.number}>
          {request ? (
            <CellButton
              label={props.buttonLabel(month, value, provider)}
              onClick={() => props.onOpen(request)}
              zero={value === 0}
            >
              {formatCurrency(value)}
            </CellButton>
          ) : (
            formatCurrency(value)
          )}
        </Table.Td>
      );
    });

  const totalCell = (value: number, provider: string | null) => {
    const request = props.total.request(value, provider);
    return request ? (
      <CellButton
        label={props.total.label(value, provider)}
        onClick={() => props.onOpen(request)}
        zero={value === 0}
      >
        {formatCurrency(value)}
      </CellButton>
    ) : (
      formatCurrency(value)
    );
  };

  // On a phone the row's total comes right after the name: what matters first, before the months
  // that scroll sideways.
  const totalFirst = useMediaQuery('(max-width: 47.99em)') ?? false;
  const totalHeader = <Table.Th className={classes.number}>Total</Table.Th>;
  const rowTotal = (value: number, provider: string) => (
    <Table.Td className={classes.number} fw={600}>
      {totalCell(value, provider)}
    </Table.Td>
  );
  const grandTotalCell = (
    <Table.Td className={classes.number}>{totalCell(grandTotal, totalsProvider)}</Table.Td>
  );

  return (
    <Table.ScrollContainer minWidth={Math.max(480, 160 + months.length * 76 + 90)}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.stickyColumn}>Provider Name</Table.Th>
            {totalFirst && totalHeader}
            {months.map((month) => (
              <Table.Th key={month} className={classes.number}>
                {monthHeader(month)}
              </Table.Th>
            ))}
            {!totalFirst && totalHeader}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.provider}>
              <Table.Th scope="row" fw={500} className={classes.stickyColumn}>
                {/* At most two lines however long the name; the whole name shows on hover. */}
                <span className={classes.providerName} title={row.provider}>
                  {row.provider}
                </span>
              </Table.Th>
              {totalFirst && rowTotal(row.total, row.provider)}
              {monthCells((month) => cellValue(row, month), row.provider)}
              {!totalFirst && rowTotal(row.total, row.provider)}
            </Table.Tr>
          ))}
          <Table.Tr className={classes.totalsRow}>
            <Table.Th scope="row" className={classes.stickyColumn}>
              Grand Total
            </Table.Th>
            {totalFirst && grandTotalCell}
            {monthCells((month) => monthTotals[month] ?? 0, totalsProvider)}
            {!totalFirst && grandTotalCell}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
