import type { ImportPreview, ImportResponse } from '../../../common/api/imports';
import { importOutcome, previewOutcome } from './import-outcome';

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

describe('previewOutcome', () => {
  const preview: ImportPreview = {
    ...base,
    records_imported: 1805,
    dry_run: true,
    replace: true,
    replaces: 94,
    date_range: { from: '2024-03-04', to: '2026-10-30' },
    past_dates: 1805,
    looks_like: 'raw-data',
    cautions: [],
    preview_id: 'x'.repeat(32),
    expires_at: '2026-01-01T00:00:00.000Z',
  };

  it('says how many rows, over which months, and what they replace', () => {
    expect(previewOutcome('future-scheduled', preview)).toEqual({
      summary: '1,805 rows dated 03/2024-10/2026; replaces 94 appointments',
      issues: null,
      reasons: [],
      more: 0,
    });
    expect(previewOutcome('raw-data', { ...preview, records_imported: 1, replaces: 1 }).summary).toBe(
      '1 row dated 03/2024-10/2026; replaces 1 procedure',
    );
    const oneMonth = { from: '2026-12-01', to: '2026-12-30' };
    expect(
      previewOutcome('future-scheduled', { ...preview, date_range: oneMonth, replaces: 0 }).summary,
    ).toBe('1,805 rows dated 12/2026; replaces 0 appointments');
  });

  it('says a merge merges, and leaves out dates a file has none of', () => {
    const ignore = { ...preview, records_imported: 7, replace: false, replaces: 0, date_range: null };
    expect(previewOutcome('ignore-list', ignore).summary).toBe('7 rows; merged into the list');
    expect(previewOutcome('ignore-list', { ...ignore, replace: true, replaces: 9 }).summary).toBe(
      '7 rows; replaces 9 entries',
    );
    expect(previewOutcome('raw-data', { ...ignore, replace: false }).summary).toBe(
      '7 rows; added to the procedures stored',
    );
    const leads = { ...ignore, date_range: { from: '2025-01-05', to: '2025-03-28' } };
    expect(previewOutcome('leads', leads).summary).toBe(
      '7 rows dated 01/2025-03/2025; merged into the leads stored',
    );
    expect(previewOutcome('leads', { ...leads, replace: true, replaces: 1 }).summary).toBe(
      '7 rows dated 01/2025-03/2025; replaces 1 lead',
    );
  });

  it('names the rows the import will skip or warn about, with the first reasons', () => {
    const outcome = previewOutcome('raw-data', {
      ...preview,
      rows_skipped: 140,
      skipped: [
        { row: 4, reason: 'Missing date' },
        { row: 5, reason: 'Missing date' },
      ],
      warnings: [
        { row: 9, reason: 'Amount "N/C" is not a number' },
        { row: 11, reason: 'Amount "x" is not a number' },
      ],
    });
    expect(outcome.issues).toBe('140 rows will be skipped, 2 warnings');
    expect(outcome.reasons).toEqual([
      'Row 4: Missing date',
      'Row 5: Missing date',
      'Row 9: Amount "N/C" is not a number',
    ]);
    expect(outcome.more).toBe(139);
  });
});
