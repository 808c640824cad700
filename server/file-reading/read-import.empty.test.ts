import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMPTY_FILE_MESSAGE } from './errors';
import { xls, xlsx } from './fixtures/builders';
import { type ImportKind, readImportFile } from './index';

// An empty file says so, whatever its format; a file with a header tells its reader that header.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-empty-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function firstError(name: string, content: string | Buffer, kind: ImportKind = 'raw-data') {
  const path = join(dir, name);
  await writeFile(path, content);
  return readImportFile(path, name, kind)
    .next()
    .then(
      () => null,
      (e: Error) => e.message,
    );
}

describe('an empty file', () => {
  it.each([
    ['nothing.csv', ''],
    ['bom.csv', '\uFEFF'],
    ['blank-lines.csv', '\r\n\r\n  \r\n'],
    ['commas.csv', ',,,\n,,,\n'],
  ])('%s is "The file is empty"', async (name, content) => {
    expect(await firstError(name, content)).toBe(EMPTY_FILE_MESSAGE);
  });

  it('a workbook whose sheets hold nothing is empty too', async () => {
    expect(await firstError('empty.xlsx', await xlsx({ Sheet1: [], Sheet2: [[null, '']] }))).toBe(
      EMPTY_FILE_MESSAGE,
    );
    expect(await firstError('empty.xls', xls([[null]]))).toBe(EMPTY_FILE_MESSAGE);
  });

  it('a sheet with text past row 20 is not empty: its columns were not found where they are looked for', async () => {
    const rows = [...Array.from({ length: 21 }, () => [null]), ['Patient', 'Date', 'Code', 'Provider']];
    expect(await firstError('low.xlsx', await xlsx({ Sheet1: rows }))).toBe(
      'Missing required columns: Patient, Date, Code, Provider (found nothing in the first 20 rows)',
    );
  });
});

describe('the header row', () => {
  it('is told to the reader before the first batch', async () => {
    const path = join(dir, 'report.csv');
    await writeFile(path, 'Report\nPatient,Date,Code,,Provider,Fee\nAl Wu,1/2/2025,D0150,,Dr A,$10\n');
    const seen: (readonly string[])[] = [];
    for await (const batch of readImportFile(path, 'report.csv', 'raw-data', undefined, undefined, (h) =>
      seen.push(h),
    ))
      expect(batch.records).toHaveLength(1);
    expect(seen).toEqual([['Patient', 'Date', 'Code', '', 'Provider', 'Fee']]);
  });
});
