// The reference for the CSV import: PostgreSQL's own COPY of the same file, on the same kind of
// database (embedded PGlite in a data folder, or the same PostgreSQL server), into the product's
// procedures table as the product's migrations create it (same columns, types and indexes).
//
// The export cannot be copied into that table directly: four title lines sit above the header,
// the columns differ (Patient holds "Last, First", there is a Tooth column, no patient key), dates
// are M/D/YYYY and fees "$1,250.00". So the reference is what a database-only import would do:
// COPY the file, from its header line on, into a staging table whose columns match the header
// (all text), then one INSERT ... SELECT that converts each row the way the product does (name
// order, patient key, dates, codes, amounts) into procedures. Both in one transaction.

import { createReadStream, openAsBlob } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openPglite, openPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { tableSpec } from '../sample-data/tables.js';
import { buildWorld } from '../sample-data/world.js';

export interface CopyReference {
  copySeconds: number;
  convertSeconds: number;
  totalSeconds: number;
  rows: number;
}

const STAGING = `CREATE TEMP TABLE staging (
  patient text, date text, proc_code text, tooth text, provider text, description text, fee text, location text,
  phone text
) ON COMMIT DROP`;

const COPY_STAGING = (source: string) => `COPY staging FROM ${source} WITH (FORMAT csv, HEADER true)`;

// The product's rules in SQL: whitespace collapsed, "Last, First" turned round when there is
// exactly one comma, the key in lower case, codes upper case, fees without $ and commas. Rows
// missing a required value are left out, as the product skips them.
const CONVERT = `INSERT INTO procedures (patient_key, patient_name, date, code, provider, description, amount, location, phone)
SELECT lower(n.name), n.name, to_date(s.date, 'MM/DD/YYYY'), upper(trim(s.proc_code)),
  regexp_replace(trim(s.provider), '\\s+', ' ', 'g'), s.description,
  nullif(regexp_replace(s.fee, '[$,\\s]', '', 'g'), '')::numeric(14, 2), s.location, nullif(trim(s.phone), '')
FROM staging s
CROSS JOIN LATERAL (SELECT regexp_replace(trim(s.patient), '\\s+', ' ', 'g') AS tidy) t
CROSS JOIN LATERAL (SELECT CASE WHEN array_length(string_to_array(t.tidy, ','), 1) = 2
    THEN trim(trim(split_part(t.tidy, ',', 2)) || ' ' || trim(split_part(t.tidy, ',', 1)))
    ELSE t.tidy END AS name) n
WHERE n.name <> '' AND s.date <> '' AND trim(s.proc_code) <> '' AND trim(s.provider) <> ''`;

/** Byte offset of the header line: COPY's HEADER option skips one line, not the titles above it. */
export async function headerOffset(path: string): Promise<number> {
  const world = buildWorld({ providers: 1, patients: 1, years: [2024], seed: 1, today: '2024-12-31' });
  const header = Buffer.from(tableSpec('full-arch-report', world).headers.join(','));
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const at = head.subarray(0, bytesRead).indexOf(header);
    if (at < 0) throw new Error(`No header line in ${path}`);
    return at;
  } finally {
    await handle.close();
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, (performance.now() - started) / 1000];
}

/** On PGlite persisted to a fresh data folder, as the product's embedded database is. */
export async function copyReferencePglite(csvPath: string, workDir: string): Promise<CopyReference> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const setup = await openPglite(workDir);
  await migrate(setup);
  await setup.close();
  const db = await PGlite.create({ dataDir: join(workDir, 'pg') });
  try {
    const offset = await headerOffset(csvPath);
    const started = performance.now();
    const file = (await openAsBlob(csvPath)).slice(offset);
    let copySeconds = 0;
    let convertSeconds = 0;
    let rows = 0;
    await db.transaction(async (tx) => {
      await tx.query(STAGING);
      [, copySeconds] = await timed(() => tx.query(COPY_STAGING("'/dev/blob'"), [], { blob: file }));
      const [result, seconds] = await timed(() => tx.query(CONVERT));
      convertSeconds = seconds;
      rows = result.affectedRows ?? 0;
    });
    const totalSeconds = (performance.now() - started) / 1000;
    return { copySeconds, convertSeconds, totalSeconds, rows };
  } finally {
    await db.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** On the PostgreSQL server, in a database of its own, the file streamed in with COPY FROM STDIN. */
export async function copyReferencePostgres(csvPath: string, url: string): Promise<CopyReference> {
  const setup = await openPostgres(url);
  await migrate(setup);
  await setup.query('TRUNCATE procedures RESTART IDENTITY');
  await setup.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const offset = await headerOffset(csvPath);
    const started = performance.now();
    await client.query('BEGIN');
    await client.query(STAGING);
    const [, copySeconds] = await timed(() =>
      pipeline(
        createReadStream(csvPath, { start: offset, highWaterMark: 1 << 20 }),
        client.query(copyFrom(COPY_STAGING('STDIN'))),
      ),
    );
    const [result, convertSeconds] = await timed(() => client.query(CONVERT));
    await client.query('COMMIT');
    const totalSeconds = (performance.now() - started) / 1000;
    return { copySeconds, convertSeconds, totalSeconds, rows: result.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}
