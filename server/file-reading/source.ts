/** The common shape every reader returns once it has found the header. */

import { type ColumnMap, HEADER_SEARCH_ROWS, type HeaderMatch, type HeaderSearch } from './headers';
import type { SheetRow } from './types';

/**
 * A sheet's rows in runs, as its reader takes them in (a chunk of text, a part of the XML): the
 * largest files have millions of rows, and one await per row cost as much as parsing them.
 */
export type RowRuns = AsyncGenerator<SheetRow[], void>;

export interface RowSource {
  columns: ColumnMap;
  /** The header row's cells as text (see HeaderMatch). */
  header: string[];
  /** The rows below the header; returning from the generator releases the file. */
  rows: RowRuns;
  /** The reader has refused a NUL itself (checkText), so its rows need no second look. */
  checkedText?: boolean;
}

/** The rows left in the run the header was found in, then the runs after it. */
async function* after(rest: SheetRow[], runs: RowRuns): RowRuns {
  try {
    if (rest.length > 0) yield rest;
    yield* runs;
  } finally {
    await runs.return();
  }
}

/**
 * Reads a sheet's rows until one is the header or the search window is passed. On success the
 * rows after the header go on from the same generator, so nothing is read twice.
 */
export async function findHeaderIn(
  runs: RowRuns,
  search: HeaderSearch,
): Promise<{ match: HeaderMatch; rows: RowRuns } | null> {
  for (;;) {
    const next = await runs.next();
    if (next.done) return null;
    const run = next.value;
    for (let i = 0; i < run.length; i++) {
      if (run[i].row > HEADER_SEARCH_ROWS) {
        search.notePastWindow();
        return null;
      }
      const match = search.offer(run[i].cells);
      if (match) return { match, rows: after(run.slice(i + 1), runs) };
    }
  }
}

/** The first sheet (in workbook order) that holds a header row, or the closest miss as an error. */
export async function firstSheetWithHeader(
  sheets: Iterable<() => RowRuns>,
  search: HeaderSearch,
): Promise<RowSource> {
  for (const open of sheets) {
    const runs = open();
    try {
      const found = await findHeaderIn(runs, search);
      if (found) return { columns: found.match.columns, header: found.match.header, rows: found.rows };
    } catch (error) {
      await runs.return();
      throw error;
    }
    await runs.return();
  }
  throw search.error();
}
