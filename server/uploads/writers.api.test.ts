import { readFileSync } from 'node:fs';
import { formatCsvRow, parseCsv } from '../file-reading/csv';
import { htmlTable, spreadsheetMl, unicodeText } from '../file-reading/fixtures/writer-classes';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// One Full Arch Report written by each class of writer must give exactly what its CSV gives:
// the same stored procedures and the same scoresheet, through the real upload route.

/** The sample report's rows from its header on, with names that need more than ASCII. */
function sampleRows(): string[][] {
  const text = readFileSync('samples/full-arch-report.csv', 'utf8').replace(/^\uFEFF/, '');
  const rows = [...parseCsv(text, ',')];
  const header = rows.findIndex((r) => r[0] === 'Patient');
  const table = rows.slice(header).filter((r) => r.length > 1);
  const names = new Map<string, string>();
  const unusual = ["O'Brien, Seán", 'Renée, Zoë', 'NÚÑEZ, JOSÉ', 'D’Angelo, Ann & Co', 'Łukasz, Żaneta'];
  for (const row of table.slice(1)) {
    if (names.size < unusual.length && !names.has(row[0])) names.set(row[0], unusual[names.size]);
    row[0] = names.get(row[0]) ?? row[0];
  }
  return table;
}

const rows = sampleRows();
let t: TestContext;
let token: string;

/** Replaces the report with this file and reads back what was stored and computed. */
async function importedAs(fileName: string, content: Buffer) {
  const res = await upload(t, token, 'raw-data', fileName, content, { replace: 'true' });
  expect(res.statusCode, `${fileName}: ${res.body}`).toBe(200);
  const scoresheet = (await t.app.inject({ url: '/api/scoresheet', headers: bearer(token) })).json();
  const procedures = await t.db.query(
    `SELECT patient_key, patient_name, date, code, provider, description, amount, location
     FROM procedures ORDER BY id`,
  );
  return { imported: res.json().records_imported, scoresheet, procedures };
}

let expected: Awaited<ReturnType<typeof importedAs>>;
beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', ADMIN_PASSWORD);
  expected = await importedAs('report.csv', Buffer.from(rows.map((r) => formatCsvRow(r)).join('\r\n')));
  expect(expected.imported).toBeGreaterThan(1500);
  const names = expected.procedures.map((p) => (p as { patient_name: string }).patient_name);
  expect(names).toContain("Seán O'Brien");
  expect(names).toContain('Ann & Co D’Angelo');
}, 60_000);
afterAll(() => t.close());

describe('each class of writer gives what its CSV gives', () => {
  it.each([
    [
      'an XLSX in the 1904 date system, written 1',
      'report.xlsx',
      () => spreadsheetMl(rows, { date1904: '1' }),
    ],
    [
      'an XLSX in the 1904 date system, written true',
      'report.xlsx',
      () => spreadsheetMl(rows, { date1904: 'true' }),
    ],
    ['an XLSX in the 1900 date system', 'report.xlsx', () => spreadsheetMl(rows)],
    [
      'namespace-prefixed SpreadsheetML with shared strings',
      'report.xlsx',
      () => spreadsheetMl(rows, { prefix: 'x', sharedStrings: true }),
    ],
    [
      'namespace-prefixed SpreadsheetML in the 1904 system',
      'report.xlsx',
      () => spreadsheetMl(rows, { prefix: 'x', date1904: 'true' }),
    ],
    ['an HTML table with character references', 'report.xls', () => htmlTable(rows)],
    ['UTF-16 LE tab-separated text', 'report.xls', () => unicodeText(rows, 'le')],
    ['UTF-16 BE tab-separated text', 'report.csv', () => unicodeText(rows, 'be')],
  ])(
    '%s',
    async (_, fileName, build) => {
      expect(await importedAs(fileName, build())).toEqual(expected);
    },
    60_000,
  );
});
