/** The common shape every reader returns once it has found the header. */

import { type ColumnMap, HEADER_SEARCH_ROWS, type HeaderMatch, type HeaderSearch } from './headers';
import type { SheetRow } from './types';

export interface RowSource {
  columns: ColumnMap;
  /** The header row's cells as text (see HeaderMatch). */
  header: string[];
  /** The rows below the header; returning from the generator releases the file. */
  rows: AsyncGenerator<SheetRow, void>;
}

/**
 * Reads a sheet's rows until one is the header or the search window is passed. On success the
 * same generator goes on from the row after the header, so nothing is read twice.
 */
export async function findHeaderIn(
  rows: AsyncGenerator<SheetRow, void>,
  search: HeaderSearch,
): Promise<HeaderMatch | null> {
  for (;;) {
    const next = await rows.next();
    if (next.done) return null;
    if (next.value.row > HEADER_SEARCH_ROWS) {
      search.notePastWindow();
      return null;
    }
    const match = search.offer(next.value.cells);
    if (match) return match;
  }
}

/** The first sheet (in workbook order) that holds a header row, or the closest miss as an error. */
export async function firstSheetWithHeader(
  sheets: Iterable<() => AsyncGenerator<SheetRow, void>>,
  search: HeaderSearch,
): Promise<RowSource> {
  for (const open of sheets) {
    const rows = open();
    try {
      const match = await findHeaderIn(rows, search);
      if (match) return { columns: match.columns, header: match.header, rows };
    } catch (error) {
      await rows.return();
      throw error;
    }
    await rows.return();
  }
  throw search.error();
}
