import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
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

function pgliteTx(client: PGlite | Transaction): Tx {
  return {
    orm: drizzlePglite(client as PGlite, { schema }) as unknown as Orm,
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query<T>(text, params)).rows;
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      await client.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([toCsv(rows)]) });
    },
  };
}

function pgTx(client: pg.Pool | pg.PoolClient): Tx {
  return {
    orm: drizzlePg(client, { schema }) as unknown as Orm,
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as T[];
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      if (!('release' in client)) throw new Error('COPY needs a transaction client');
      const stream = client.query(copyFrom(copySql(table, columns, 'STDIN')));
      await pipeline(Readable.from([toCsv(rows)]), stream);
    },
  };
}

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = join(dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, parsers: PARSERS });
  return {
    kind: 'pglite',
    ...pgliteTx(client),
    transaction: (fn) => client.transaction((tx) => fn(pgliteTx(tx))),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
  };
}
