import { readHead, sniffFormat } from '../file-reading/detect';
import { tooManyRowsMessage } from '../file-reading/errors';
import { readZipDirectory, totalUncompressed } from '../file-reading/zip';
import { HttpError } from '../http/http-error';

/** What one import may hold (MAX_IMPORT_ROWS, MAX_IMPORT_INFLATED_MB). */
export interface ImportLimits {
  maxRows: number;
  maxInflatedBytes: number;
}

const MIB = 1024 * 1024;
// Three million procedure rows, the largest group planned for, fit under both with room to spare.
export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxRows: 4_000_000, maxInflatedBytes: 1536 * MIB };

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => count(Number((bytes / MIB).toFixed(bytes < 10 * MIB ? 1 : 0)));

export function tooManyRows(limits: ImportLimits): HttpError {
  return new HttpError(422, tooManyRowsMessage(limits.maxRows), { code: 'too_many_rows' });
}

/**
 * A workbook is a zip: refuses one whose parts would inflate beyond the limit, before its rows are
 * stored. The sizes a zip declares are enforced as it is read (zip.ts), so they cannot lie here.
 */
export async function checkInflatedSize(path: string, limits: ImportLimits): Promise<void> {
  if (sniffFormat(await readHead(path)) !== 'xlsx') return;
  const bytes = totalUncompressed(await readZipDirectory(path));
  if (bytes > limits.maxInflatedBytes) {
    throw new HttpError(
      422,
      `The workbook expands to ${megabytes(bytes)} MB, more than the ${megabytes(limits.maxInflatedBytes)} MB one import may hold; nothing was changed. Save it as CSV, or raise MAX_IMPORT_INFLATED_MB.`,
      { code: 'file_too_large' },
    );
  }
}
