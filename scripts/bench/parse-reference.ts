// References for the file readers: the product's own readers from server/imports, run in this
// process on the same files with nothing stored.

import { HeaderSearch } from '../../server/imports/headers';
import { readImportFile } from '../../server/imports/read-import';
import { openXlsx } from '../../server/imports/xlsx';

export interface ParseResult {
  seconds: number;
  rows: number;
}

/** Streaming parse of an XLSX file alone: every sheet row iterated, nothing checked or kept. */
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
