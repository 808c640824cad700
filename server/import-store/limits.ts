import { readHead, sniffFormat } from '../file-reading/detect';
import { tooManyRowsMessage } from '../file-reading/errors';
import { readZipDirectory, totalUncompressed } from '../file-reading/zip';
import { HttpError } from '../http/http-error';
import { type ImportLimits, MIB } from '../platform/import-limits';

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
