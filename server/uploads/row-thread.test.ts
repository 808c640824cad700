import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CellInput, utc, xlsx } from '../file-reading/fixtures/builders';
import { openRows } from '../file-reading/read-import';
import type { RowSource } from '../file-reading/source';
import type { SheetRow } from '../file-reading/types';
import { rowsInThread } from './row-thread';

// A workbook's rows read in a thread of their own must be the rows, and the failure, that reading
// it in the reading thread gives.

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fat-rows-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function workbook(name: string, rows: number): Promise<string> {
  const cells: CellInput[][] = [
    ['Full Arch Report'],
    [],
    ['Patient', 'Date', 'Proc Code', 'Provider', 'Fee', 'Flag'],
  ];
  for (let i = 0; i < rows; i++)
    cells.push([
      `Zoë ${i % 300}, A`,
      utc(2026, 1 + (i % 12), 1 + (i % 28)),
      'D0150',
      'Dr. Lee',
      i % 7 ? 150.5 : -0,
      i % 2 === 0,
    ]);
  const path = join(dir, name);
  writeFileSync(path, await xlsx({ Report: cells }));
  return path;
}

/** Every row the source gives, and the message it fails with, if it does. */
async function readAll(source: Promise<RowSource>): Promise<{ rows: SheetRow[]; failure: string | null }> {
  const rows: SheetRow[] = [];
  try {
    const { rows: runs } = await source;
    for await (const run of runs) rows.push(...run);
    return { rows, failure: null };
  } catch (error) {
    return { rows, failure: (error as Error).message };
  }
}

describe('a workbook read in a thread of its own', () => {
  it('gives the rows reading it here gives, header and all', async () => {
    const path = await workbook('whole.xlsx', 12_000);
    const [here, there] = [
      await openRows(path, 'xlsx', 'raw-data'),
      await rowsInThread(path, 'xlsx', 'raw-data'),
    ];
    expect(there.header).toEqual(here.header);
    expect(there.columns).toEqual(here.columns);
    const [a, b] = [await readAll(Promise.resolve(here)), await readAll(Promise.resolve(there))];
    expect(b.failure).toBeNull();
    expect(b.rows).toHaveLength(12_000);
    expect(b.rows).toEqual(a.rows);
  });

  it('breaks where reading it here breaks, after the same rows', async () => {
    const path = await workbook('broken.xlsx', 20_000);
    const bytes = (await import('node:fs')).readFileSync(path);
    // The middle of the file is the middle of the sheet's compressed XML.
    const middle = Math.floor(bytes.length / 2);
    bytes.fill(0xff, middle, middle + 64);
    writeFileSync(path, bytes);
    const here = await readAll(openRows(path, 'xlsx', 'raw-data'));
    const there = await readAll(rowsInThread(path, 'xlsx', 'raw-data'));
    expect(here.failure).not.toBeNull();
    expect(there.failure).toBe(here.failure);
    expect(there.rows.length).toBeGreaterThan(0);
    expect(there.rows).toEqual(here.rows);
  });

  it('refuses a file that is no workbook as reading it here does', async () => {
    const path = join(dir, 'not.xlsx');
    writeFileSync(path, 'plain text, not a zip');
    const here = await readAll(openRows(path, 'xlsx', 'raw-data'));
    const there = await readAll(rowsInThread(path, 'xlsx', 'raw-data'));
    expect(there.failure).toBe(here.failure);
    expect(there.failure).toMatch(/could not be read/);
  });
});
