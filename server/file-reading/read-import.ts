/** Reading an uploaded file into batches of typed records (docs/behaviour.md section 2). */

import { checkText } from './cells';
import { type FileFormat, hasAllowedExtension, readHead, sniffFormat } from './detect';
import { ImportFileError, tooManyRowsMessage, UNSUPPORTED_TYPE_MESSAGE, unreadable } from './errors';
import { HEADER_SEARCH_ROWS, HeaderSearch } from './headers';
import { RecordBuilder } from './records';
import type { RowRuns, RowSource } from './source';
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

async function openSource(filePath: string, format: FileFormat, kind: ImportKind): Promise<RowSource> {
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
        return await openText(filePath, await readHead(filePath), kind);
      default:
        throw unreadable();
    }
  } catch (error) {
    throw asFileError(error);
  }
}

/**
 * The format a file is read as, from its content; its name must have an extension the product
 * reads. Workbooks (every format but delimited text) are worth reading in a thread of their own.
 */
export async function fileFormat(filePath: string, fileName: string): Promise<FileFormat> {
  if (!hasAllowedExtension(fileName))
    throw new ImportFileError(415, UNSUPPORTED_TYPE_MESSAGE, 'unsupported_file_type');
  return sniffFormat(await readHead(filePath));
}

/** The file's rows below its header, its header found; errors as readImportFile throws them. */
export async function openRows(filePath: string, format: FileFormat, kind: ImportKind): Promise<RowSource> {
  const source = await openSource(filePath, format, kind);
  return { ...source, rows: fileErrors(source.rows) };
}

/** A source's runs, a library's error part-way made the file's (asFileError). */
async function* fileErrors(runs: RowRuns): RowRuns {
  try {
    for (;;) {
      let next: IteratorResult<SheetRow[], void>;
      try {
        next = await runs.next();
      } catch (error) {
        throw asFileError(error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await runs.return();
  }
}

function emptyBatch<K extends ImportKind>(): RecordBatch<K> {
  return { records: [], skipped: [], warnings: [] };
}

/**
 * Checks the extension, sniffs the content, finds the header, then yields batches of at most
 * `batchSize` records with the rows skipped and warned about among them (recordBatches).
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
  checkBatchSize(batchSize);
  const format = await fileFormat(filePath, fileName);
  yield* recordBatches(await openRows(filePath, format, kind), kind, batchSize, maxRows, onHeader);
}

function checkBatchSize(batchSize: number): void {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError('batchSize must be a positive integer');
  }
}

/**
 * The records of a source's rows (openRows, here or in another thread), in batches of at most
 * `batchSize` records with the rows skipped and warned about among them. At least one batch is
 * yielded, so a file with only bad rows still reports them. Errors about the file as a whole are
 * thrown before the first batch; a file that turns out broken further on (truncated, a zip that
 * lied about its sizes) throws an ImportFileError part-way, and the caller must then discard
 * what it has taken in.
 */
export async function* recordBatches<K extends ImportKind>(
  source: RowSource,
  kind: K,
  batchSize = DEFAULT_BATCH_SIZE,
  maxRows = Number.POSITIVE_INFINITY,
  onHeader?: (header: readonly string[]) => void,
): AsyncGenerator<RecordBatch<K>> {
  checkBatchSize(batchSize);
  onHeader?.(source.header);
  try {
    let batch = emptyBatch<K>();
    let yielded = false;
    const lastRow = maxRows + HEADER_SEARCH_ROWS;
    const builder = new RecordBuilder(kind, source.columns);
    for (let run = await source.rows.next(); !run.done; run = await source.rows.next()) {
      for (const row of run.value) {
        if (row.row > lastRow) throw new ImportFileError(422, tooManyRowsMessage(maxRows), 'too_many_rows');
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
