import type { ImportResponse } from '../../../common/api/imports';
import { importOutcome } from './import-outcome';

const base: ImportResponse = {
  success: true,
  records_imported: 1800,
  rows_skipped: 0,
  skipped: [],
  warnings: [],
  unmapped_codes: [{ code: 'D1110', count: 3 }],
};

describe('importOutcome', () => {
  it('is a plain success when every row went in', () => {
    expect(importOutcome(base)).toEqual({
      tone: 'success',
      title: 'Successfully imported 1,800 records',
      reasons: [],
      more: 0,
    });
  });

  it('warns about skipped rows, with the first reasons', () => {
    const outcome = importOutcome({
      ...base,
      rows_skipped: 5,
      skipped: [
        { row: 4, reason: 'Missing patient name' },
        { row: 9, reason: 'Missing date' },
        { row: 12, reason: 'Missing provider' },
        { row: 13, reason: 'Missing date' },
        { row: 20, reason: 'Missing date' },
      ],
    });
    expect(outcome).toEqual({
      tone: 'warning',
      title: 'Imported 1,800 records; 5 rows skipped',
      reasons: ['Row 4: Missing patient name', 'Row 9: Missing date', 'Row 12: Missing provider'],
      more: 2,
    });
  });

  it('counts every skipped row, not only the ones listed, and names warnings too', () => {
    const outcome = importOutcome({
      ...base,
      rows_skipped: 1,
      skipped: [{ row: 2, reason: 'Missing date' }],
      warnings: [{ row: 30, reason: 'Amount "abc" is not a number' }],
    });
    expect(outcome.title).toBe('Imported 1,800 records; 1 row skipped, 1 warning');
    expect(outcome.reasons).toEqual(['Row 2: Missing date', 'Row 30: Amount "abc" is not a number']);
    expect(outcome.more).toBe(0);
    expect(importOutcome({ ...base, rows_skipped: 250, skipped: [{ row: 2, reason: 'x' }] }).more).toBe(249);
  });
});
