import { readFile } from 'node:fs/promises';
import { createTestContext, loadSamples, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// Small limits, so the test files stay small; the defaults hold three million rows.
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ MAX_IMPORT_ROWS: '2000', MAX_IMPORT_INFLATED_MB: '0.5' });
  admin = await t.login('admin', 'admin-pass');
  await loadSamples(t, admin);
});
afterAll(() => t.close());

const procedures = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM procedures'))[0].n;

describe('what one import may hold', () => {
  it('refuses more rows than MAX_IMPORT_ROWS, and changes nothing', async () => {
    const before = await procedures();
    const rows = Array.from(
      { length: 2001 },
      (_, i) => `"Row, P${i}",1/2/2026,D0150,,Dr. A,Exam,$90.00,Main`,
    );
    const res = await upload(
      t,
      admin,
      'raw-data',
      'long.csv',
      `Patient,Date,Proc Code,Tooth,Provider,Description,Fee,Location\n${rows.join('\n')}\n`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error:
        'The file has more than 2,000 rows, the most one import may hold; nothing was changed. Split the file, or raise MAX_IMPORT_ROWS.',
      code: 'too_many_rows',
    });
    expect(await procedures()).toBe(before);
  });

  it('refuses a workbook that inflates beyond MAX_IMPORT_INFLATED_MB, and changes nothing', async () => {
    const before = await procedures();
    const res = await upload(
      t,
      admin,
      'raw-data',
      'report.xlsx',
      await readFile('samples/full-arch-report.xlsx'),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(
      'The workbook expands to 0.8 MB, more than the 0.5 MB one import may hold; nothing was changed. Save it as CSV, or raise MAX_IMPORT_INFLATED_MB.',
    );
    expect(await procedures()).toBe(before);
  });
});
