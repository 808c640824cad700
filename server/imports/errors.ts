/** A problem with the file as a whole; `status` is the HTTP status the upload answers with. */
export class ImportFileError extends Error {
  constructor(
    public status: 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported file type: use .csv, .xlsx or .xls';
export const UNREADABLE_MESSAGE = 'The file could not be read';

export function unreadable(): ImportFileError {
  return new ImportFileError(422, UNREADABLE_MESSAGE);
}
