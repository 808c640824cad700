/**
 * Delimited text (CSV, semicolon- or tab-separated, also when saved as `.xls` or `.xlsx`). The
 * delimiter is the one under which a header row turns up: title lines above the header may hold
 * any punctuation, so counting delimiters on the first line would guess wrong.
 */

import { createReadStream } from 'node:fs';
import { checkText } from './cells';
import { CsvParser, DELIMITERS, type Delimiter } from './csv';
import { createChunkDecoder, detectFileEncoding, type TextEncoding } from './decode';
import { readHead, SNIFF_BYTES } from './detect';
import { type ColumnMap, HEADER_SEARCH_ROWS, HeaderSearch } from './headers';
import type { RowRuns, RowSource } from './source';
import type { ImportKind, SheetRow } from './types';

/** The header is looked for in this much of the file at most (20 rows of long cells fit). */
const PREFIX_BYTES = 4 * 1024 * 1024;
const PREFIX_SLICE = 64 * 1024;

/**
 * How much of the file is read, decoded and parsed at a time. Node's TextDecoder, streaming, gave
 * 1 MB chunks of a file whose every character fits in a byte as two-byte strings, 256 KB ones as
 * one-byte strings: every field read from them twice the memory. And every row of a chunk is alive
 * until its records are made, which each collection of young objects copies. At 128-512 KB a
 * 600,000-row report imported in 3.85-4.4 s (once 5.0 s) where it took 4.8-5.5 s, and 200,000
 * leads used 0.5 s less of the two cores (docs/performance.md, leads, "Fewer strings, smaller
 * chunks").
 */
const TEXT_CHUNK_BYTES = 256 * 1024;

/**
 * Up to `HEADER_SEARCH_ROWS` rows of the text, parsing only as much as needed, and whether the
 * text goes on past them.
 */
function firstRows(
  text: string,
  delimiter: Delimiter,
  isWholeFile: boolean,
): { rows: string[][]; more: boolean } {
  const parser = new CsvParser(delimiter);
  const rows: string[][] = [];
  for (let at = 0; at < text.length && rows.length < HEADER_SEARCH_ROWS; at += PREFIX_SLICE) {
    rows.push(...parser.push(text.slice(at, at + PREFIX_SLICE)));
  }
  if (isWholeFile && rows.length < HEADER_SEARCH_ROWS) rows.push(...parser.end());
  const more = !isWholeFile || rows.length > HEADER_SEARCH_ROWS;
  return { rows: rows.slice(0, HEADER_SEARCH_ROWS), more };
}

export interface Layout {
  delimiter: Delimiter;
  headerRow: number;
  columns: ColumnMap;
  header: string[];
}

/** The delimiter whose header comes first (comma, then semicolon, then tab on a tie). */
export function findLayout(text: string, isWholeFile: boolean, kind: ImportKind): Layout {
  let found: Layout | null = null;
  let closest: HeaderSearch | null = null;
  for (const delimiter of DELIMITERS) {
    const search = new HeaderSearch(kind);
    const { rows, more } = firstRows(text, delimiter, isWholeFile);
    if (more) search.notePastWindow();
    const index = rows.findIndex((cells) => search.offer(cells) !== null);
    if (index >= 0 && (!found || index + 1 < found.headerRow)) {
      const { columns, header } = search.offer(rows[index])!;
      found = { delimiter, headerRow: index + 1, columns, header };
    }
    // Text that is only delimiters (`,,`) is empty under its own delimiter, text under the others.
    if (!closest || search.isEmpty || (!closest.isEmpty && search.missing.length < closest.missing.length))
      closest = search;
  }
  if (found) return found;
  throw closest!.error();
}

async function* textRows(filePath: string, encoding: TextEncoding, layout: Layout): RowRuns {
  const stream = createReadStream(filePath, { highWaterMark: TEXT_CHUNK_BYTES });
  const decoder = createChunkDecoder(encoding);
  const parser = new CsvParser(layout.delimiter);
  let row = 0;
  // The text is searched for a NUL a chunk at a time (checkText), and its rows only when found.
  const numbered = (rows: string[][], text: string): SheetRow[] => {
    const run: SheetRow[] = [];
    for (const cells of rows) {
      row++;
      if (row > layout.headerRow) run.push({ row, cells });
    }
    if (pendingNul || text.includes('\u0000')) {
      for (const r of run) checkText(r);
      // A NUL in a row that goes on into the next chunks is in a row they complete.
      pendingNul = parser.midRow;
    }
    return run;
  };
  let pendingNul = false;
  try {
    for await (const chunk of stream) {
      const text = decoder.write(chunk as Buffer);
      const run = numbered(parser.push(text), text);
      if (run.length > 0) yield run;
    }
    const text = decoder.end();
    const run = numbered([...parser.push(text), ...parser.end()], text);
    if (run.length > 0) yield run;
  } finally {
    stream.destroy();
  }
}

export async function openText(filePath: string, head: Buffer, kind: ImportKind): Promise<RowSource> {
  const encoding = await detectFileEncoding(filePath, head);
  // A head shorter than the sniffed length is already the whole file.
  const prefix = head.length < SNIFF_BYTES ? head : await readHead(filePath, PREFIX_BYTES);
  const isWholeFile = prefix.length < (prefix === head ? SNIFF_BYTES : PREFIX_BYTES);
  const decoder = createChunkDecoder(encoding);
  const text = decoder.write(prefix) + (isWholeFile ? decoder.end() : '');
  const layout = findLayout(text, isWholeFile, kind);
  // The file is read again from the start; row numbers count every record, title lines included.
  return {
    columns: layout.columns,
    header: layout.header,
    rows: textRows(filePath, encoding, layout),
    checkedText: true,
  };
}
