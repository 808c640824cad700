import { codeOfStatus, errorBody, fieldError, HttpError, missingField } from './http-error';

describe('HttpError', () => {
  it.each([
    [400, 'invalid_request'],
    [401, 'sign_in_required'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [413, 'too_large'],
    [415, 'unsupported_media_type'],
    [422, 'unprocessable'],
    [429, 'rate_limited'],
    [500, 'internal_error'],
  ] as const)('a %i without a code of its own carries %s', (status, code) => {
    expect(new HttpError(status, 'words').code).toBe(code);
  });

  it('keeps the code, field, more fields and headers it is given, and its words as they are', () => {
    const err = new HttpError(422, 'The file has no valid rows', {
      code: 'no_valid_rows',
      extra: { rows_skipped: 2 },
      headers: { 'retry-after': '1' },
    });
    expect(err.body()).toEqual({
      success: false,
      error: 'The file has no valid rows',
      code: 'no_valid_rows',
      rows_skipped: 2,
    });
    expect(err.headers).toEqual({ 'retry-after': '1' });
  });

  it('names the field of a field error, missing or not', () => {
    expect(fieldError('date', 'date must not be after today').body()).toEqual({
      success: false,
      error: 'date must not be after today',
      code: 'invalid_field',
      field: 'date',
    });
    expect(missingField('host').body()).toEqual({
      success: false,
      error: 'host is required',
      code: 'missing_field',
      field: 'host',
    });
  });

  it('lets no extra field stand in for the words, the code or the field', () => {
    const body = errorBody('words', 'conflict', { extra: { success: true, error: 'x', code: 'y' } });
    expect(body).toEqual({ success: false, error: 'words', code: 'conflict' });
  });

  it('gives any other status a code by its class', () => {
    expect(codeOfStatus(418)).toBe('invalid_request');
    expect(codeOfStatus(503)).toBe('internal_error');
    expect(codeOfStatus(404)).toBe('not_found');
  });
});
