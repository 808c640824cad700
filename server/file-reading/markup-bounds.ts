/**
 * HTML and Excel 2003 XML place cells by numbers they state themselves: a cell's or row's
 * `ss:Index`, `ss:MergeAcross` and `ss:MergeDown`, a table cell's `colspan` and `rowspan`. SheetJS
 * trusts them, and a reader that walks the range they make would walk it all, so they are checked
 * against the sheet's own limits in the text before SheetJS is given it.
 */

import { columnBeyondSheet, ImportFileError, rowBeyondSheet, SHEET_LIMITS } from './errors';

const POSITION = /[\s:](index|mergeacross|mergedown|colspan|rowspan)\s*=\s*["']?\s*([^"'\s>]*)/gi;
/** Each span is checked against every later cell by SheetJS's HTML reader: more would stall it. */
export const MAX_SPANS = 1000;

/** The name of the tag the text at `at` stands in (`row`, `cell`, `td`, ...), lower-cased, no prefix. */
function tagAt(text: string, at: number): string {
  const open = text.lastIndexOf('<', at);
  const name = /^<\s*([\w.:-]+)/.exec(text.slice(open, at + 1))?.[1] ?? '';
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}

/** Throws a 422 naming the first stated position past the sheet's limits. */
export function checkStatedPositions(text: string): void {
  let spans = 0;
  for (const match of text.matchAll(POSITION)) {
    const attribute = match[1].toLowerCase();
    const value = Number(match[2]);
    // SheetJS reads a number it cannot parse as none: only numbers place anything.
    if (match[2] === '' || Number.isNaN(value)) continue;
    const isSpan = attribute === 'colspan' || attribute === 'rowspan';
    if (isSpan && value > 1 && ++spans > MAX_SPANS)
      throw new ImportFileError(
        422,
        `The file could not be read: it merges more than ${MAX_SPANS.toLocaleString('en-US')} cells`,
        'file_unreadable',
      );
    const isRow =
      attribute === 'rowspan' ||
      attribute === 'mergedown' ||
      (attribute === 'index' && tagAt(text, match.index) === 'row');
    const limit = isRow ? SHEET_LIMITS.rows : SHEET_LIMITS.columns;
    if (value > limit || value < -limit) throw isRow ? rowBeyondSheet(value) : columnBeyondSheet(value);
  }
}
