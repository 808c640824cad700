/** Reading an uploaded file into batches of typed records (docs/behaviour.md section 2). */

import { checkText } from './cells';
import { hasAllowedExtension, readHead, sniffFormat } from './detect';
import { ImportFileError, tooManyRowsMessage, UNSUPPORTED_TYPE_MESSAGE, unreadable } from './errors';
import { HEADER_SEARCH_ROWS, HeaderSearch } from './headers';
import { RecordBuilder } from './records';
import type { RowSource } from './source';
import { openText } from './text';
import type { ImportKind, RecordBatch, SheetRow } from './types';
import { openXlsxWithFallback } from './xlsx-fallback';

export const DEFAULT_BATCH_SIZE = 5000;

/**
 * Library errors (ExcelJS, SheetJS, zlib, XML) mean the content is broken: 422. Errors of the
 * system (a missing temp file, too many open files) are the server's and pass through.
 */
function asFileError(error: unknown): unknown {
  if (error instanceof ImportFileError) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  return unreadable();
}

/** SheetJS is loaded for the formats only it reads: it is large, and a reading thread starts often. */
const sheetJs = () => import('./xls');

async function openSource(filePath: string, kind: ImportKind): Promise<RowSource> {
  const head = await readHead(filePath);
  const format = sniffFormat(head);
  try {
    switch (format) {
      case 'xlsx':
        return await openXlsxWithFallback(filePath, kind);
      case 'cfb':
      case 'biff':
        return await (await sheetJs()).openSheetJs(filePath, format === 'cfb', new HeaderSearch(kind));
      case 'markup':
        return await (await sheetJs()).openMarkup(filePath, new HeaderSearch(kind));
      case 'text':
        return await openText(filePath, head, kind);
      default:
        throw unreadable();
    }
  } catch (error) {
    throw asFileError(error);
  }
}

async function nextRun(source: RowSource): Promise<SheetRow[] | null> {
  try {
    const next = await source.rows.next();
    return next.done ? null : next.value;
  } catch (error) {
    throw asFileError(error);
  }
}

function emptyBatch<K extends ImportKind>(): RecordBatch<K> {
  return { records: [], skipped: [], warnings: [] };
}

/**
 * Checks the extension, sniffs the content, finds the header, then yields batches of at most
 * `batchSize` records with the rows skipped and warned about among them. At least one batch is
 * yielded, so a file with only bad rows still reports them. Errors about the file as a whole are
 * thrown before the first batch; a file that turns out broken further on (truncated, a zip that
 * lied about its sizes) throws an ImportFileError part-way, and the caller must then discard
 * what it has taken in.
 */
export async function* readImportFile<K extends ImportKind>(
  filePath: string,
  fileName: string,
  kind: K,
  batchSize = DEFAULT_BATCH_SIZE,
  /** MAX_IMPORT_ROWS: a row placed past it (and the title lines and header above) is refused. */
  maxRows = Number.POSITIVE_INFINITY,
  /** Told the header row's cells once it is found, before the first batch. */
  onHeader?: (header: readonly string[]) => void,
): AsyncGenerator<RecordBatch<K>> {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError('batchSize must be a positive integer');
  }
  if (!hasAllowedExtension(fileName)) throw new ImportFileError(415, UNSUPPORTED_TYPE_MESSAGE);
  const source = await openSource(filePath, kind);
  onHeader?.(source.header);
  try {
    let batch = emptyBatch<K>();
    let yielded = false;
    const lastRow = maxRows + HEADER_SEARCH_ROWS;
    const builder = new RecordBuilder(kind, source.columns);
    for (let run = await nextRun(source); run !== null; run = await nextRun(source)) {
      for (const row of run) {
        if (row.row > lastRow) throw new ImportFileError(422, tooManyRowsMessage(maxRows));
        if (!source.checkedText) checkText(row);
        const outcome = builder.build(row);
        if (outcome === null) continue;
        if ('skip' in outcome) {
          batch.skipped.push({ row: row.row, reason: outcome.skip });
        } else {
          batch.records.push(outcome.record);
          if (outcome.warning !== null) batch.warnings.push({ row: row.row, reason: outcome.warning });
        }
        // Issues count too, so a file of a million bad rows is not held as one batch.
        if (batch.records.length >= batchSize || batch.skipped.length + batch.warnings.length >= batchSize) {
          yield batch;
          yielded = true;
          batch = emptyBatch<K>();
        }
      }
    }
    const pending = batch.records.length + batch.skipped.length + batch.warnings.length;
    if (pending > 0 || !yielded) yield batch;
  } finally {
    await source.rows.return();
  }
}
