/**
 * Some export libraries write workbooks that the streaming reader's part parsers (ExcelJS, for the
 * workbook, relationships and styles) cannot follow. When it fails on such a workbook, a small one
 * is read again with SheetJS, which is more forgiving but holds the whole workbook in memory and
 * inflates the zip itself, so the zip is first proven honest about its sizes.
 */

import { ImportFileError } from './errors';
import { HeaderSearch } from './headers';
import type { RowSource } from './source';
import type { ImportKind } from './types';
import { openXlsx } from './xlsx';
import { checkZipContents, readZipDirectory, totalUncompressed } from './zip';

/** Inflated size up to which SheetJS may hold a workbook (about half a million cells). */
export const SHEETJS_FALLBACK_MAX_BYTES = 64 * 1024 * 1024;

export async function openXlsxWithFallback(filePath: string, kind: ImportKind): Promise<RowSource> {
  try {
    return await openXlsx(filePath, new HeaderSearch(kind));
  } catch (error) {
    // Our own verdicts (missing columns, a zip bomb) stand; only a parser failure is retried.
    if (error instanceof ImportFileError) throw error;
    const zip = await readZipDirectory(filePath);
    if (totalUncompressed(zip) > SHEETJS_FALLBACK_MAX_BYTES) throw error;
    await checkZipContents(zip);
    const { openSheetJs } = await import('./xls');
    return openSheetJs(filePath, false, new HeaderSearch(kind));
  }
}
