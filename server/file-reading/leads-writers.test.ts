import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { type CellInput, cp1252, csv, utc, xls, xlsx } from './fixtures/builders';
import { htmlTable, spreadsheetMl, unicodeText } from './fixtures/writer-classes';
import { readImportFile } from './index';
import type { LeadRecord } from './types';

// One Leads file written by every class of writer the other files are read from gives the same
// leads (docs/behaviour.md sections 2 and 19): CSV in each encoding and delimiter, XLSX from two
// writers, legacy XLS, SpreadsheetML with 1904 dates or prefixes, HTML and UTF-16 text saved as .xls.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fat-lead-writers-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TITLE = ['Leads export'];
const HEADER = ['Contact Name', 'Date Created', 'Marketing Source', 'Mobile', 'E-mail', 'Clinic'];
// Names and sources that need more than ASCII, kept within Windows-1252 for the CP1252 file.
const LEADS: [string, Date, string, string, string, string][] = [
  ['Núñez, José', utc(2025, 1, 5), 'Google Ads', '(555) 123-4567', 'jose@example.com', 'Main'],
  ["Seán O'Brien", utc(2025, 2, 28), 'Facebook', '1-555-222-3333', '', 'North Office'],
  ['Renée Zoë', utc(2024, 12, 31), 'No lead', '', '', ''],
  ['D’Angelo, Ann', utc(2025, 3, 4), 'Referral · Dr. Smith', '555.999.0000', 'ann@example.com', 'Main'],
];

const mdy = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
/** The file as text, as a CSV holds it, a title line above the header. */
const asText = () => [TITLE, HEADER, ...LEADS.map(([name, date, ...rest]) => [name, mdy(date), ...rest])];
/** The file as typed cells: dates as dates. */
const asCells = (): CellInput[][] => [TITLE, HEADER, ...LEADS.map((row) => [...row])];

const EXPECTED: LeadRecord[] = [
  {
    row: 3,
    patient_name: 'José Núñez',
    patient_key: 'josé núñez',
    lead_date: '2025-01-05',
    source: 'Google Ads',
    phone: '(555) 123-4567',
    email: 'jose@example.com',
    location: 'Main',
  },
  {
    row: 4,
    patient_name: "Seán O'Brien",
    patient_key: "seán o'brien",
    lead_date: '2025-02-28',
    source: 'Facebook',
    phone: '1-555-222-3333',
    email: null,
    location: 'North Office',
  },
  {
    row: 5,
    patient_name: 'Renée Zoë',
    patient_key: 'renée zoë',
    lead_date: '2024-12-31',
    source: 'Unknown',
    phone: null,
    email: null,
    location: null,
  },
  {
    row: 6,
    patient_name: 'Ann D’Angelo',
    patient_key: 'ann d’angelo',
    lead_date: '2025-03-04',
    source: 'Referral · Dr. Smith',
    phone: '555.999.0000',
    email: 'ann@example.com',
    location: 'Main',
  },
];

function sheetJs(bookType: 'xlsx' | 'html'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(asCells(), { cellDates: true }), 'Leads');
  return XLSX.write(book, { type: 'buffer', bookType });
}

const text = csv(asText());
const WRITERS: [string, string, () => Buffer | string | Promise<Buffer>][] = [
  ['CSV, UTF-8', 'leads.csv', () => text],
  ['CSV, UTF-8 with a byte-order mark', 'leads.csv', () => `\uFEFF${text}`],
  ['CSV, Windows-1252', 'leads.CSV', () => cp1252(text)],
  ['semicolon-separated', 'leads.csv', () => csv(asText(), ';')],
  ['tab-separated text saved as .xls', 'leads.xls', () => csv(asText(), '\t', '\n')],
  ['ExcelJS XLSX', 'leads.xlsx', () => xlsx({ Leads: asCells() })],
  ['SheetJS XLSX', 'leads.xlsx', () => sheetJs('xlsx')],
  ['SheetJS XLS (BIFF8)', 'leads.xls', () => xls(asCells())],
  ['SheetJS HTML saved as .xls', 'leads.xls', () => sheetJs('html')],
  ['XLSX in the 1904 date system', 'leads.xlsx', () => spreadsheetMl(asText(), { date1904: '1' })],
  [
    'prefixed SpreadsheetML',
    'leads.xlsx',
    () => spreadsheetMl(asText(), { prefix: 'x', sharedStrings: true }),
  ],
  ['HTML with character references', 'leads.xls', () => htmlTable(asText())],
  ['UTF-16 LE text', 'leads.xls', () => unicodeText(asText(), 'le')],
  ['UTF-16 BE text', 'leads.csv', () => unicodeText(asText(), 'be')],
];

async function leads(fileName: string, content: Buffer | string): Promise<LeadRecord[]> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}-${fileName}`);
  writeFileSync(path, content);
  const out: LeadRecord[] = [];
  for await (const batch of readImportFile(path, fileName, 'leads')) {
    expect(batch.skipped).toEqual([]);
    out.push(...batch.records);
  }
  rmSync(path);
  return out;
}

describe('a Leads file from every writer', () => {
  it.each(WRITERS)('%s', async (_, fileName, write) => {
    expect(await leads(fileName, await write())).toEqual(EXPECTED);
  });

  it('with First and Last columns, as a workbook', async () => {
    const rows: CellInput[][] = [
      ['First', 'Last', 'Received', 'Channel'],
      ['José', 'Núñez', utc(2025, 1, 5), 'Google Ads'],
      [null, null, utc(2025, 1, 6), 'TV'],
    ];
    const path = join(dir, 'first-last.xlsx');
    writeFileSync(path, await xlsx({ Leads: rows }));
    const batches = [];
    for await (const batch of readImportFile(path, 'first-last.xlsx', 'leads')) batches.push(batch);
    expect(batches.flatMap((b) => b.records)).toMatchObject([
      { row: 2, patient_name: 'José Núñez', lead_date: '2025-01-05', source: 'Google Ads' },
    ]);
    expect(batches.flatMap((b) => b.skipped)).toEqual([{ row: 3, reason: 'Missing patient name' }]);
  });
});
