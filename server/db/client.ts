import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { statementName } from '../http/fault-log';
import * as schema from './schema';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;
export type CopyValue = string | number | boolean | null;

/** What a service needs inside or outside a transaction: typed Drizzle queries, raw SQL and COPY. */
export interface Tx {
  orm: Orm;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Bulk insert through COPY: far faster than multi-row INSERTs for imports. */
  copyRows(table: string, columns: string[], rows: CopyValue[][]): Promise<void>;
}

export interface Db extends Tx {
  kind: 'pglite' | 'pg';
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * A count of the statements run so far that may have written, or null when other processes may
   * write too (a PostgreSQL server). While it stays the same, a read made earlier still holds.
   */
  localWrites(): number | null;
}

// Dates stay 'YYYY-MM-DD' text (no time zone shifts); counts and numeric money become numbers.
const parseNumber = (v: string) => Number(v);
const keepText = (v: string) => v;
const PARSERS: Record<number, (v: string) => unknown> = {
  20: parseNumber,
  1700: parseNumber,
  1082: keepText,
};
for (const [oid, parse] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), parse);

function csvField(v: CopyValue): string {
  if (v === null) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `"${v.replaceAll('"', '""')}"`;
}

export function toCsv(rows: CopyValue[][]): string {
  let out = '';
  for (const row of rows) out += `${row.map(csvField).join(',')}\n`;
  return out;
}

const copySql = (table: string, columns: string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source} WITH (FORMAT csv)`;

const READ_ONLY = /^\s*SELECT\b/i;
// Audit rows are only appended, and no cached read depends on them: writing one (as every patient
// list shown does) must not make the signed-in user and the figures be read again.
const AUDIT_APPEND = /^\s*INSERT INTO audit_log\b/i;

/** Names the failing statement on its error, so a log can say which one without its parameters. */
async function naming<T>(sql: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err && typeof err === 'object') Object.assign(err, { statement: statementName(sql) });
    throw err;
  }
}

/**
 * `wrote` is called before and after every statement that may write (anything but a plain
 * SELECT outside a transaction), so a read that overlaps a write is never taken as current.
 */
function pgliteTx(client: PGlite | Transaction, wrote: () => void): Tx {
  const written = async <T>(run: () => Promise<T>): Promise<T> => {
    wrote();
    try {
      return await run();
    } finally {
      wrote();
    }
  };
  return {
    orm: drizzlePglite(client as PGlite, { schema }) as unknown as Orm,
    async query<T>(text: string, params?: unknown[]) {
      const run = () => naming(text, async () => (await client.query<T>(text, params)).rows);
      return READ_ONLY.test(text) || AUDIT_APPEND.test(text) ? run() : written(run);
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      const blob = new Blob([toCsv(rows)]);
      await written(() => client.query(copySql(table, columns, "'/dev/blob'"), [], { blob }));
    },
  };
}

function pgTx(client: pg.Pool | pg.PoolClient): Tx {
  return {
    orm: drizzlePg(client, { schema }) as unknown as Orm,
    async query<T>(text: string, params?: unknown[]) {
      return naming(text, async () => (await client.query(text, params)).rows as T[]);
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      if (!('release' in client)) throw new Error('COPY needs a transaction client');
      const stream = client.query(copyFrom(copySql(table, columns, 'STDIN')));
      await pipeline(Readable.from([toCsv(rows)]), stream);
    },
  };
}

/**
 * Creating a data folder runs initdb inside PGlite, and the process keeps the memory that took
 * (about 400 MB) for as long as it lives. So a new folder is made by a short-lived child process,
 * and the server only ever opens an existing one (measured: idle RSS ~0.9 GB -> ~0.4 GB).
 */
async function createDataFolder(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create({ dataDir: ${JSON.stringify(dir)} }).then((db) => db.close())`;
  await promisify(execFile)(process.execPath, ['-e', script]);
}

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = join(dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
  }
  if (dir && !existsSync(join(dir, 'PG_VERSION'))) await createDataFolder(dir);
  const client = await PGlite.create({ dataDir: dir, parsers: PARSERS });
  // PGlite runs one statement or transaction at a time, and the data-folder lock keeps every
  // other process out, so this process sees every write: counting them is enough to know when a
  // cached read goes stale.
  let writes = 0;
  const wrote = () => {
    writes++;
  };
  return {
    kind: 'pglite',
    ...pgliteTx(client, wrote),
    async transaction(fn) {
      wrote();
      try {
        return await client.transaction((tx) => fn(pgliteTx(tx, wrote)));
      } finally {
        wrote();
      }
    },
    close: () => client.close(),
    localWrites: () => writes,
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, an administrator) is dropped by the pool and
  // replaced on next use; unheard, its error event would end the whole process.
  pool.on('error', () => {});
  // Fail fast with a clear message when the server cannot be reached.
  await pool.query('SELECT 1');
  return {
    kind: 'pg',
    ...pgTx(pool),
    async copyRows() {
      throw new Error('COPY needs a transaction');
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(pgTx(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    // Other app processes may share the server: nothing read here can be kept.
    localWrites: () => null,
  };
}
