/**
 * Legacy `.xls` (BIFF), and the HTML or Excel 2003 XML that some systems save as `.xls`, through
 * SheetJS. These formats cannot be streamed; BIFF holds at most 65,536 rows, so the file is read
 * into memory once. `raw: true` keeps text cells as typed: SheetJS would otherwise turn HTML text
 * such as `3/4/25` into numbers and dates by its own rules.
 */

import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { decodeWhole } from './decode';
import { columnBeyondSheet, rowBeyondSheet, SHEET_LIMITS, unreadable } from './errors';
import type { HeaderSearch } from './headers';
import { decodeHtmlReferences } from './html-text';
import { checkStatedPositions } from './markup-bounds';
import { firstSheetWithHeader, type RowRuns, type RowSource } from './source';
import type { Cell, SheetRow } from './types';

// The ESM build of SheetJS leaves code pages out; Excel 5/95 files store text in one.
XLSX.set_cptable(cptable);

interface CfbContainer {
  FullPaths: string[];
}
// SheetJS types its bundled CFB library as `any`; this is the one call used.
const cfb = XLSX.CFB as { read(data: Buffer, options: { type: 'buffer' }): CfbContainer };

/** A password-protected OOXML file is a compound file holding these streams instead of a zip. */
export function isEncryptedOoxml(data: Buffer): boolean {
  const container = cfb.read(data, { type: 'buffer' });
  return container.FullPaths.some((path) => /(^|\/)(EncryptionInfo|EncryptedPackage)$/i.test(path));
}

export function sheetJsCell(cell: XLSX.CellObject | undefined): Cell {
  if (!cell) return null;
  switch (cell.t) {
    case 'n':
    case 's':
    case 'b':
      return typeof cell.v === 'number' || typeof cell.v === 'string' || typeof cell.v === 'boolean'
        ? cell.v
        : null;
    case 'd':
      return cell.v instanceof Date || typeof cell.v === 'string' ? cell.v : null;
    case 'e':
      return cell.w ?? '#ERROR';
    default:
      return null;
  }
}

/**
 * The rows of a sheet read densely. The range is what the file stated, checked against the sheet's
 * limits; each row is read up to its own last cell, so a stray far cell does not widen every row.
 */
async function* sheetRows(sheet: XLSX.WorkSheet | undefined): RowRuns {
  const ref = sheet?.['!ref'];
  if (!sheet || !ref) return;
  const range = XLSX.utils.decode_range(ref);
  if (range.e.c >= SHEET_LIMITS.columns) throw columnBeyondSheet(range.e.c + 1);
  if (range.e.r >= SHEET_LIMITS.rows) throw rowBeyondSheet(range.e.r + 1);
  const data = sheet['!data'] ?? [];
  let run: SheetRow[] = [];
  for (let r = Math.max(0, range.s.r); r <= range.e.r; r++) {
    const row = data[r] ?? [];
    const cells: Cell[] = [];
    const last = Math.min(row.length - 1, range.e.c);
    for (let c = 0; c <= last; c++) cells.push(sheetJsCell(row[c]));
    run.push({ row: r + 1, cells });
    if (run.length === RUN_ROWS) {
      yield run;
      run = [];
    }
  }
  if (run.length > 0) yield run;
}

/** Rows handed on at a time from a sheet SheetJS holds whole. */
const RUN_ROWS = 1000;

const READ_OPTIONS = {
  cellDates: true,
  raw: true,
  dense: true,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
} as const;

function rowSource(workbook: XLSX.WorkBook, search: HeaderSearch): Promise<RowSource> {
  const sheets = workbook.SheetNames.map((name) => () => sheetRows(workbook.Sheets[name]));
  return firstSheetWithHeader(sheets, search);
}

export async function openSheetJs(
  filePath: string,
  isCompoundFile: boolean,
  search: HeaderSearch,
): Promise<RowSource> {
  const data = await readFile(filePath);
  if (isCompoundFile && isEncryptedOoxml(data)) throw unreadable();
  return rowSource(XLSX.read(data, { type: 'buffer', ...READ_OPTIONS }), search);
}

/**
 * HTML or Excel 2003 XML saved as `.xls`. Decoded here as delimited text is (UTF-16 by its mark,
 * else UTF-8, else Windows-1252), and an HTML table's character references are decoded before
 * SheetJS reads it (html-text.ts); Excel 2003 XML is XML, whose references SheetJS decodes itself.
 */
export async function openMarkup(filePath: string, search: HeaderSearch): Promise<RowSource> {
  const text = decodeWhole(await readFile(filePath)).replace(/^\uFEFF/, '');
  const isXml = /^\s*<\?xml/i.test(text) && text.includes('urn:schemas-microsoft-com:office:spreadsheet');
  checkStatedPositions(text);
  const source = isXml ? text : decodeHtmlReferences(text);
  return rowSource(XLSX.read(source, { type: 'string', ...READ_OPTIONS }), search);
}
