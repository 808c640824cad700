// The benchmark data set: a large practice group made by the sample generator, written once per
// size and kept in .bench/data (git-ignored). Same options, same rows: every run measures the
// same files.

import { existsSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_OPTIONS, generateSamples } from '../sample-data/index.js';

/** Procedure rows per patient the generator makes with these settings (measured at 600k rows). */
const ROWS_PER_PATIENT = 4.26;
/** Leads per procedure row: 200,000 leads over the three years of the 600,000-row practice. */
const LEADS_PER_ROW = 1 / 3;

export const DATASET = {
  providers: 40,
  years: [2024, 2025, 2026],
  seed: DEFAULT_OPTIONS.seed,
  today: DEFAULT_OPTIONS.today,
} as const;

export interface DatasetFile {
  path: string;
  bytes: number;
}

export interface Dataset {
  dir: string;
  patients: number;
  rows: { procedures: number; appointments: number; ignore: number; leads: number };
  reportCsv: DatasetFile;
  reportXlsx: DatasetFile;
  futureCsv: DatasetFile;
  ignoreCsv: DatasetFile;
  /** The leads, most of them the practice's patients by name or phone (scripts/sample-data/leads.ts). */
  leadsCsv: DatasetFile;
  /** Seconds spent generating in this run; 0 when the cached copy was used. */
  generatedSeconds: number;
}

interface Manifest {
  options: unknown;
  rows: Dataset['rows'];
}

async function file(path: string): Promise<DatasetFile> {
  return { path, bytes: (await stat(path)).size };
}

export async function ensureDataset(
  root: string,
  rows: number,
  log: (line: string) => void,
): Promise<Dataset> {
  const patients = Math.max(1, Math.round(rows / ROWS_PER_PATIENT));
  const options = { ...DATASET, patients, leads: Math.round(rows * LEADS_PER_ROW) };
  const dir = join(root, `rows-${rows}`);
  const manifestPath = join(dir, 'manifest.json');
  let manifest: Manifest | null = null;
  let generatedSeconds = 0;
  if (existsSync(manifestPath)) {
    const stored = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
    if (JSON.stringify(stored.options) === JSON.stringify(options)) manifest = stored;
  }
  if (!manifest) {
    log(`Generating the data set (${patients} patients, ${DATASET.providers} providers, CSV and XLSX)...`);
    const started = performance.now();
    // Written to a side folder and renamed, so an interrupted run never leaves half a data set.
    const partial = `${dir}.partial`;
    await rm(partial, { recursive: true, force: true });
    const result = await generateSamples({
      ...options,
      years: [...DATASET.years],
      outDir: partial,
      formats: ['csv', 'xlsx'],
    });
    manifest = { options, rows: result.rows };
    await writeFile(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
    generatedSeconds = (performance.now() - started) / 1000;
    log(`Generated in ${generatedSeconds.toFixed(0)} s`);
  }
  return {
    dir,
    patients,
    rows: manifest.rows,
    reportCsv: await file(join(dir, 'full-arch-report.csv')),
    reportXlsx: await file(join(dir, 'full-arch-report.xlsx')),
    futureCsv: await file(join(dir, 'future-scheduled.csv')),
    ignoreCsv: await file(join(dir, 'ignore-list.csv')),
    leadsCsv: await file(join(dir, 'leads.csv')),
    generatedSeconds,
  };
}
