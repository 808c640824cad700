import type { ErrorCode } from '../../common/api/error-codes';

/** A problem with the file as a whole; `status` and `code` are what the upload answers with. */
export class ImportFileError extends Error {
  constructor(
    public status: 415 | 422,
    message: string,
    public code: ErrorCode,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported file type: use .csv, .xlsx or .xls';
export const UNREADABLE_MESSAGE = 'The file could not be read';
/** No cell with text anywhere: a 0-byte file, blank lines only, a workbook of empty sheets. */
export const EMPTY_FILE_MESSAGE = 'The file is empty';

export function unreadable(): ImportFileError {
  return new ImportFileError(422, UNREADABLE_MESSAGE, 'file_unreadable');
}

/** What a sheet may hold by its format's own rules (Excel 2007 and later): A1 to XFD1048576. */
export const SHEET_LIMITS = { columns: 16_384, rows: 1_048_576 };

const count = (n: number) => n.toLocaleString('en-US');

export function tooManyRowsMessage(maxRows: number): string {
  return `The file has more than ${count(maxRows)} rows, the most one import may hold; nothing was changed. Split the file, or raise MAX_IMPORT_ROWS.`;
}

/** A cell the file places past the last column a sheet may have; `cell` names it when known. */
export function columnBeyondSheet(column: number, cell?: string): ImportFileError {
  const where = cell ? `Cell ${cell}` : `A cell in column ${count(column)}`;
  return new ImportFileError(
    422,
    `The file could not be read: ${where} is past the last column a sheet may have (${count(SHEET_LIMITS.columns)}, XFD)`,
    'file_unreadable',
  );
}

/** A row the file places past the last row a sheet may have. */
export function rowBeyondSheet(row: number): ImportFileError {
  return new ImportFileError(
    422,
    `The file could not be read: row ${count(row)} is past the last row a sheet may have (${count(SHEET_LIMITS.rows)})`,
    'file_unreadable',
  );
}
