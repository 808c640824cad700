import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { type CellInput, csv, xls, xlsx } from './fixtures/builders';
import { htmlTable, spreadsheetMl, unicodeText } from './fixtures/writer-classes';
import { readImportFile } from './index';

// For any table, every writer the project can run gives the records its CSV gives: ExcelJS and
// SheetJS (XLSX, XLS, HTML), and the writer classes built by hand (1904 dates, prefixed
// SpreadsheetML, HTML character references, UTF-16 text).

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fat-writers-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Procedure {
  name: string;
  date: Date;
  code: string;
  provider: string;
  description: string;
  cents: number;
  location: string;
}

const HEADER = ['Patient', 'Date', 'Proc Code', 'Provider', 'Description', 'Fee', 'Location'];

// Words as practices write them: accents, apostrophes, ampersands, non-Latin letters.
const word = fc
  .stringMatching(/^[A-Za-zÀ-ÿŁłŻżÑñ'’&.\-一-龥]{1,10}$/)
  .filter((w) => /[A-Za-zÀ-ÿ一-龥]/.test(w));
const words = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((w) => w.join(' '));
const procedure: fc.Arbitrary<Procedure> = fc.record({
  name: fc.tuple(words(2), words(2)).map(([last, first]) => `${last}, ${first}`),
  date: fc
    .integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2030, 11, 31) / 86_400_000 })
    .map((day) => new Date(day * 86_400_000)),
  code: fc.integer({ min: 0, max: 9999 }).map((n) => `D${String(n).padStart(4, '0')}`),
  provider: words(3).map((w) => `Dr. ${w}`),
  description: words(5),
  cents: fc.integer({ min: 0, max: 5_000_000 }),
  location: words(2),
});

const mdy = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const dollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/** The table as text, as a CSV holds it. */
const asText = (rows: Procedure[]) => [
  HEADER,
  ...rows.map((r) => [r.name, mdy(r.date), r.code, r.provider, r.description, dollars(r.cents), r.location]),
];
/** The table as typed cells: dates as dates, fees as numbers. */
const asCells = (rows: Procedure[]): CellInput[][] => [
  HEADER,
  ...rows.map((r) => [r.name, r.date, r.code, r.provider, r.description, r.cents / 100, r.location]),
];

function sheetJs(rows: Procedure[], bookType: 'xlsx' | 'html'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(asCells(rows), { cellDates: true }), 'Report');
  return XLSX.write(book, { type: 'buffer', bookType });
}

const WRITERS: Record<string, [string, (rows: Procedure[]) => Buffer | Promise<Buffer>]> = {
  'ExcelJS XLSX': ['t.xlsx', (rows) => xlsx({ Report: asCells(rows) })],
  'SheetJS XLSX': ['t.xlsx', (rows) => sheetJs(rows, 'xlsx')],
  'SheetJS XLS (BIFF8)': ['t.xls', (rows) => xls(asCells(rows))],
  'SheetJS HTML': ['t.xls', (rows) => sheetJs(rows, 'html')],
  'XLSX, 1904 dates': ['t.xlsx', (rows) => spreadsheetMl(asText(rows), { date1904: 'true' })],
  'prefixed SpreadsheetML': [
    't.xlsx',
    (rows) => spreadsheetMl(asText(rows), { prefix: 'x', sharedStrings: true }),
  ],
  'HTML with character references': ['t.xls', (rows) => htmlTable(asText(rows))],
  'UTF-16 text': ['t.xls', (rows) => unicodeText(asText(rows), 'le')],
};

async function records(fileName: string, content: Buffer | string) {
  const path = join(dir, `${Math.random().toString(36).slice(2)}-${fileName}`);
  writeFileSync(path, content);
  const out = [];
  for await (const batch of readImportFile(path, fileName, 'raw-data')) {
    expect(batch.skipped).toEqual([]);
    out.push(...batch.records);
  }
  rmSync(path);
  return out;
}

describe('every writer gives the records of the CSV', () => {
  it.each(Object.entries(WRITERS))('%s', async (_, [fileName, write]) => {
    await fc.assert(
      fc.asyncProperty(fc.array(procedure, { minLength: 1, maxLength: 12 }), async (rows) => {
        const expected = await records('t.csv', csv(asText(rows)));
        expect(expected).toHaveLength(rows.length);
        expect(await records(fileName, await write(rows))).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});
