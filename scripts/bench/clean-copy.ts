// The clean reference for both imports: the floor of storing these rows at all. The rows of the
// CSV report are read and normalized once, outside the timing, by the product's own reader
// (readImportFile: patient key and display name, ISO dates, codes, providers, amounts) and turned
// into COPY text in the column order of the procedures table, exactly as the import hands them to
// the database. Timed is only what is left: one COPY of that text into an empty procedures table
// that the product's migrations created in a database of its own, with the same index the import
// writes through, in one transaction. The leads file has its floor the same way: its rows,
// normalized by the same reader, COPY'd into the empty `leads` table with its indexes.
//
// The other CSV reference (copy-reference.ts) leaves the conversion to SQL, and regular
// expressions are slow in PostgreSQL; this one leaves it out altogether.

import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type CopyValue, copySql, openPglite, openPostgres, toCsv } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { sourceKey } from '../../server/domain/leads';
import { type ImportRecord, type LeadRecord, readImportFile } from '../../server/file-reading';
import { procedureTable } from '../../server/import-store/tables';

export interface CleanCopyReference {
  /** The timed part: COPY of the normalized rows into the migrated table, and the commit. */
  seconds: number;
  rows: number;
  /** COPY text, in bytes. */
  textBytes: number;
  /** Reading and normalizing the file, not timed in the reference; shown for scale. */
  normalizeSeconds: number;
}

export interface NormalizedRows {
  /** The table the rows are COPY'd into, and its columns in the COPY text's order. */
  table: string;
  columns: string[];
  chunks: string[];
  rows: number;
  bytes: number;
  seconds: number;
}

/** A lead as the `leads` table stores it, in the order of LEAD_COLUMNS. */
const LEAD_COLUMNS = [
  'patient_key',
  'patient_name',
  'lead_date',
  'source',
  'source_key',
  'phone',
  'email',
  'location',
];
const leadRow = (r: LeadRecord): CopyValue[] => [
  r.patient_key,
  r.patient_name,
  r.lead_date,
  r.source,
  sourceKey(r.source),
  r.phone,
  r.email,
  r.location,
];

async function normalize<K extends 'raw-data' | 'leads'>(
  path: string,
  kind: K,
  table: string,
  columns: string[],
  row: (record: ImportRecord<K>) => CopyValue[],
  /** Keeps a record: the leads file's repeats of one lead are stored once, as the import does. */
  keep: (record: ImportRecord<K>) => boolean = () => true,
): Promise<NormalizedRows> {
  const started = performance.now();
  const chunks: string[] = [];
  let rows = 0;
  let bytes = 0;
  for await (const batch of readImportFile(path, basename(path), kind)) {
    const records = batch.records.filter(keep);
    const text = toCsv(records.map(row));
    chunks.push(text);
    rows += records.length;
    bytes += Buffer.byteLength(text);
  }
  return { table, columns, chunks, rows, bytes, seconds: (performance.now() - started) / 1000 };
}

/** The CSV report's rows as the product's reader makes them, as COPY text (one chunk per batch). */
export const normalizeRows = (csvPath: string): Promise<NormalizedRows> =>
  normalize(csvPath, 'raw-data', procedureTable.table, procedureTable.columns, procedureTable.row);

/**
 * The leads file's rows as the product's reader makes them, each lead once, as COPY text of the
 * `leads` table: the floor of storing them is a COPY into it, with the indexes the import keeps.
 */
export function normalizeLeads(csvPath: string): Promise<NormalizedRows> {
  // A row with the key, date and source of an earlier one is that lead again (section 19).
  const seen = new Set<string>();
  const first = (r: LeadRecord) => {
    const key = `${r.patient_key}\u0000${r.lead_date}\u0000${sourceKey(r.source)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  return normalize(csvPath, 'leads', 'leads', LEAD_COLUMNS, leadRow, first);
}

const COPY_SQL = (rows: NormalizedRows, source: string) => copySql(rows.table, rows.columns, source);

function figure(rows: NormalizedRows, seconds: number, stored: number): CleanCopyReference {
  if (stored !== rows.rows) throw new Error(`Clean COPY stored ${stored} rows of ${rows.rows}`);
  return { seconds, rows: stored, textBytes: rows.bytes, normalizeSeconds: rows.seconds };
}

/** On PGlite persisted to a fresh data folder, as the product's embedded database is. */
export async function cleanCopyPglite(rows: NormalizedRows, workDir: string): Promise<CleanCopyReference> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const setup = await openPglite(workDir);
  await migrate(setup);
  await setup.close();
  const db = await PGlite.create({ dataDir: join(workDir, 'pg') });
  try {
    const blob = new Blob(rows.chunks);
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(COPY_SQL(rows, "'/dev/blob'"), [], { blob });
    });
    const seconds = (performance.now() - started) / 1000;
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${rows.table}`)).rows;
    return figure(rows, seconds, n);
  } finally {
    await db.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** On the PostgreSQL server, in an empty database of its own, streamed in with COPY FROM STDIN. */
export async function cleanCopyPostgres(rows: NormalizedRows, url: string): Promise<CleanCopyReference> {
  const setup = await openPostgres(url);
  await migrate(setup);
  await setup.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('BEGIN');
    await pipeline(Readable.from(rows.chunks), client.query(copyFrom(COPY_SQL(rows, 'STDIN'))));
    await client.query('COMMIT');
    const seconds = (performance.now() - started) / 1000;
    const { rows: counted } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${rows.table}`,
    );
    return figure(rows, seconds, counted[0].n);
  } finally {
    await client.end();
  }
}
