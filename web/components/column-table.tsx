import { Table, type TableTdProps, type TableThProps, type TableTrProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';

/** One column of a table: its header, its cell, and how each lays out. */
export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Props of each cell (alignment, wrapping, colour), the same for every row or per row. */
  td?: TableTdProps | ((row: R) => TableTdProps);
  th?: TableThProps;
  /** What the header cell shows instead of the plain header, e.g. a sort button. */
  head?: ReactNode;
}

interface Props<R> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  /** A row's key; lists that may repeat a row and never reorder use the index. */
  rowKey: (row: R, index: number) => Key;
  /** Props of each row (a click that opens it, a selected mark). */
  rowProps?: (row: R) => TableTrProps;
}

/**
 * The head and body of a table built from a column list, inside the `Table` the caller lays out
 * (striped, sticky header, its label), so every list declares its columns once as data.
 */
export function ColumnRows<R>({ columns, rows, rowKey, rowProps }: Props<R>) {
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header} {...c.th}>
              {c.head ?? c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)} {...rowProps?.(row)}>
            {columns.map((c) => (
              <Table.Td key={c.header} {...(typeof c.td === 'function' ? c.td(row) : c.td)}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

/** The index as a row's key. */
export const byIndex = (_row: unknown, index: number) => index;
