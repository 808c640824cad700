/** Files big enough to cross chunk boundaries, generated per run rather than committed. */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { formatCsvRow } from './csv';
import { readImportFile } from './index';

const ROWS = 30_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Multi-byte names, so UTF-8 sequences fall across chunk edges somewhere in the file. */
const name = (i: number): string => `Zoë Ünal-Ñ ${i} 😀`;

async function collect(path: string, fileName: string, batchSize?: number) {
  const sizes: number[] = [];
  const names: string[] = [];
  const rows: number[] = [];
  for await (const batch of readImportFile(path, fileName, 'future-scheduled', batchSize)) {
    sizes.push(batch.records.length);
    for (const r of batch.records) {
      names.push(r.patient_name);
      rows.push(r.row);
    }
  }
  return { sizes, names, rows };
}

it('streams a large UTF-8 CSV in batches without breaking characters', async () => {
  const path = join(dir, 'big.csv');
  const lines = [formatCsvRow(['Patient', 'Appt Date', 'Code', 'Provider', 'Description'])];
  for (let i = 0; i < ROWS; i++)
    lines.push(formatCsvRow([name(i), '3/4/2025', 'D6114', 'Dr A', `note, "${i}"\nsecond line`]));
  await writeFile(path, `${lines.join('\r\n')}\r\n`);
  const { sizes, names, rows } = await collect(path, 'big.csv', 7000);
  expect(sizes).toEqual([7000, 7000, 7000, 7000, 2000]);
  expect(names).toEqual(Array.from({ length: ROWS }, (_, i) => name(i)));
  expect(rows[ROWS - 1]).toBe(ROWS + 1);
});

it('streams a large XLSX, shared strings and all', async () => {
  const path = join(dir, 'big.xlsx');
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = writer.addWorksheet('Appointments');
  sheet.addRow(['Patient', 'Appt Date', 'Code', 'Provider']).commit();
  for (let i = 0; i < ROWS; i++)
    sheet.addRow([name(i), new Date(Date.UTC(2025, 2, 4)), 'D6114', 'Dr A']).commit();
  sheet.commit();
  await writer.commit();
  const { sizes, names, rows } = await collect(path, 'big.xlsx');
  expect(sizes).toEqual([5000, 5000, 5000, 5000, 5000, 5000]);
  expect(names).toEqual(Array.from({ length: ROWS }, (_, i) => name(i)));
  expect(rows[0]).toBe(2);
});

it('can be abandoned part-way', async () => {
  const path = join(dir, 'abandoned.csv');
  const rows = Array.from({ length: 1000 }, (_, i) => `${name(i)},,D6114,Dr A`);
  await writeFile(path, ['Patient,Date,Code,Provider', ...rows].join('\n'));
  for await (const batch of readImportFile(path, 'abandoned.csv', 'future-scheduled', 100)) {
    expect(batch.records).toHaveLength(100);
    break;
  }
});

describe('a NUL far into a text file', () => {
  async function refusal(lines: string[]): Promise<string> {
    const path = join(dir, 'nul.csv');
    await writeFile(path, lines.join('\n'));
    try {
      for await (const _ of readImportFile(path, 'nul.csv', 'future-scheduled')) {
        // read on
      }
    } catch (error) {
      return (error as Error).message;
    }
    return 'read without refusal';
  }
  const filler = (i: number) => formatCsvRow([name(i), '3/4/2025', 'D6114', 'Dr A', 'x'.repeat(60)]);
  const header = formatCsvRow(['Patient', 'Appt Date', 'Code', 'Provider', 'Description']);

  it('is refused in a row the reader met in a later chunk', async () => {
    const lines = [header, ...Array.from({ length: 20_000 }, (_, i) => filler(i))];
    lines[15_001] = formatCsvRow(['Ann Lee', '3/4/2025', 'D6114', 'Dr A', 'a\u0000b']);
    expect(await refusal(lines)).toBe(
      'The file could not be read: row 15,002 holds a NUL character, which is not text',
    );
  });

  it('is refused in a quoted cell longer than a chunk, whose NUL comes chunks before its row ends', async () => {
    const long = `a\u0000${'y'.repeat(3 * 1024 * 1024)}`;
    // Past the part of the file read to find the header, which refuses a NUL of its own.
    const lines = [header, ...Array.from({ length: 60_000 }, (_, i) => filler(i))];
    lines.push(formatCsvRow(['Ann Lee', '3/4/2025', 'D6114', 'Dr A', long]), filler(0));
    expect(await refusal(lines)).toBe(
      'The file could not be read: row 60,002 holds a NUL character, which is not text',
    );
  });
});
