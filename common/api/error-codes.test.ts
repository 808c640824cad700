import { ERROR_CODE_LIST, ERROR_CODES, isErrorCode } from './error-codes';
import { errorResponse } from './shared';

describe('the error codes', () => {
  it('are snake_case, each said in one line with the status it comes with', () => {
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(meaning, code).not.toContain('\n');
      expect(meaning, code).toMatch(/\((\d{3}(, )?)+\)$/);
    }
  });

  it('are listed once each, in the order declared', () => {
    expect(ERROR_CODE_LIST).toEqual(Object.keys(ERROR_CODES));
    expect(new Set(ERROR_CODE_LIST).size).toBe(ERROR_CODE_LIST.length);
  });

  it('tells a declared code from anything else', () => {
    expect(isErrorCode('patient_not_found')).toBe(true);
    expect(isErrorCode('Patient not found')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('are what an error body must carry, with the field it names when it names one', () => {
    const body = { success: false, error: 'host is required', code: 'missing_field', field: 'host' };
    expect(errorResponse.parse(body)).toEqual(body);
    expect(errorResponse.safeParse({ success: false, error: 'Not found' }).success).toBe(false);
    expect(errorResponse.safeParse({ success: false, error: 'x', code: 'teapot' }).success).toBe(false);
  });
});
