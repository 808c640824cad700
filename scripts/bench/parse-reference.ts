// References for the file readers, run in this process on the same files with nothing stored:
// ExcelJS's streaming WorkbookReader (the XLSX reference of the targets), and the product's own
// readers from server/file-reading.

import ExcelJS from 'exceljs';
import { HeaderSearch } from '../../server/file-reading/headers';
import { readImportFile } from '../../server/file-reading/read-import';
import { openXlsx } from '../../server/file-reading/xlsx';

export interface ParseResult {
  seconds: number;
  rows: number;
}

/**
 * The XLSX reference: a streaming parse of the file with ExcelJS's WorkbookReader, the usual
 * streaming reader for large workbooks on Node; every row of every sheet iterated, nothing kept.
 */
export async function parseXlsxWithExcelJs(path: string): Promise<ParseResult> {
  const started = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) for await (const _ of sheet) rows++;
  return { seconds: (performance.now() - started) / 1000, rows };
}

/** The product's own streaming XLSX parse (server/file-reading/xlsx.ts) alone: rows iterated, nothing checked or kept. */
export async function parseXlsxAlone(path: string): Promise<ParseResult> {
  const started = performance.now();
  const source = await openXlsx(path, new HeaderSearch('raw-data'));
  let rows = 0;
  for await (const _ of source.rows) rows++;
  return { seconds: (performance.now() - started) / 1000, rows };
}

/** Reading and validating a file into records (readImportFile), without storing them. */
export async function readAndValidate(path: string, fileName: string): Promise<ParseResult> {
  const started = performance.now();
  let rows = 0;
  for await (const batch of readImportFile(path, fileName, 'raw-data')) rows += batch.records.length;
  return { seconds: (performance.now() - started) / 1000, rows };
}
