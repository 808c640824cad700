import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { type CopyValue, toCsv } from './csv-text';
import * as schema from './schema';
import { statementName } from './statement-name';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;
export { type CopyValue, toCsv };

/** What a service needs inside or outside a transaction: typed Drizzle queries, raw SQL and COPY. */
export interface Tx {
  orm: Orm;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Bulk insert through COPY: far faster than multi-row INSERTs for imports. */
  copyRows(table: string, columns: string[], rows: CopyValue[][]): Promise<void>;
  /**
   * Bulk insert of batches as they are made, e.g. while a file is still being read, so reading and
   * storing overlap. When the batches fail part-way, nothing of theirs stays and their error is
   * thrown; the caller's transaction must then roll back.
   */
  copyBatches(table: string, columns: string[], batches: AsyncIterable<CopyValue[][]>): Promise<void>;
  /**
   * Bulk insert of COPY's CSV text made elsewhere (another thread), in chunks of whole rows, as
   * they come; fails as copyBatches does.
   */
  copyText(
    table: string,
    columns: string[],
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    format?: CopyFormat,
  ): Promise<void>;
  /**
   * A table's rows as COPY's text format, in chunks of whole rows (a backup reads them so:
   * exact for every type, and a newline inside a value is written as `\n`).
   */
  copyOut(table: string, columns: string[]): AsyncIterable<Uint8Array>;
}

/** COPY's CSV (what imports make) or its own text format (what a backup keeps). */
export type CopyFormat = 'csv' | 'text';

export interface Db extends Tx {
  kind: 'pglite' | 'pg';
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in a read-only transaction that sees every table as it was at one moment, taken
   * once no transaction holds the advisory lock `lockKey` and held until `fn` ends, so work that
   * takes that lock (an import, which swaps whole tables) waits for it and never shows half.
   */
  readAtOneMoment<T>(lockKey: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * A count of the statements run so far that may have written, or null when other processes may
   * write too (a PostgreSQL server). While it stays the same, a read made earlier still holds.
   */
  localWrites(): number | null;
  /**
   * True while this process has a transaction open or a statement under way on a database that
   * runs one at a time (the embedded one), so a quick probe would wait for it; always false on a
   * PostgreSQL server.
   */
  busy(): boolean;
}

// Dates stay 'YYYY-MM-DD' text (no time zone shifts); counts and numeric money become numbers.
// The embedded database's thread sets the same (pglite-worker.mjs).
const parseNumber = (v: string) => Number(v);
const PARSERS: Record<number, (v: string) => unknown> = {
  20: parseNumber,
  1700: parseNumber,
  1082: (v) => v,
};
for (const [oid, parse] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), parse);

export const copySql = (table: string, columns: string[], source: string, format: CopyFormat = 'csv') =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}${format === 'csv' ? ' WITH (FORMAT csv)' : ''}`;

export const copyOutSql = (table: string, columns: string[], target: string) =>
  `COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) TO ${target}`;

// Both match the statements Drizzle writes too (lowercase, quoted names: insert into "audit_log").
export const READ_ONLY = /^\s*SELECT\b/i;
/**
 * Writes that no cached read depends on, so they do not make the signed-in user and the figures
 * be read again (and a call then wait behind a long transaction to read them): audit rows, only
 * ever appended (as every patient list shown writes one); a session's last use
 * (caller/sessions.ts touchSession), as the request guard keeps the touches it made itself; and
 * the scheduled work's claims and locks (jobs/claims.ts), which the guard never reads.
 */
export const LEAVES_CACHED_READS = [
  /^\s*INSERT INTO (?:audit_log\b|"audit_log")/i,
  /^\s*UPDATE sessions SET last_seen_at\b/i,
  /^\s*(?:INSERT INTO|UPDATE|DELETE FROM) job_claims\b/i,
];

/** Names the failing statement on its error, so a log can say which one without its parameters. */
export async function naming<T>(sql: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err && typeof err === 'object') Object.assign(err, { statement: statementName(sql) });
    throw err;
  }
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
    async copyBatches(table, columns, batches) {
      if (!('release' in client)) throw new Error('COPY needs a transaction client');
      // One COPY for all the batches: a COPY per batch waited for the server at each end, which
      // made a 600,000-row import half as fast again (docs/performance.md). When the batches
      // fail, the stream is destroyed, which sends the server a CopyFail: nothing is kept.
      // Each batch's text is made a buffer at once: held as pieces of string while it waits its
      // turn, it would be copied from one heap generation to the next.
      async function* text() {
        for await (const rows of batches) if (rows.length > 0) yield Buffer.from(toCsv(rows));
      }
      await pipeline(Readable.from(text()), client.query(copyFrom(copySql(table, columns, 'STDIN'))));
    },
    async copyText(table, columns, chunks, format = 'csv') {
      if (!('release' in client)) throw new Error('COPY needs a transaction client');
      async function* buffers() {
        for await (const c of chunks) yield Buffer.from(c.buffer, c.byteOffset, c.byteLength);
      }
      await pipeline(
        Readable.from(buffers()),
        client.query(copyFrom(copySql(table, columns, 'STDIN', format))),
      );
    },
    async *copyOut(table, columns) {
      if (!('release' in client)) throw new Error('COPY needs a transaction client');
      // The server sends a message per row: gathered into pieces of about 1 MB, cut after a row.
      let held: Buffer[] = [];
      let size = 0;
      for await (const chunk of client.query(copyTo(copyOutSql(table, columns, 'STDOUT')))) {
        held.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size < COPY_OUT_PIECE) continue;
        const all = Buffer.concat(held);
        const end = all.lastIndexOf(10) + 1;
        held = [all.subarray(end)];
        size = all.length - end;
        if (end > 0) yield all.subarray(0, end);
      }
      if (size > 0) yield Buffer.concat(held);
    },
  };
}

const COPY_OUT_PIECE = 1 << 20;

/** Runs `fn` in a transaction begun by `begin`: committed when it returns, rolled back when it throws. */
async function within<T>(client: pg.PoolClient, begin: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  await client.query(begin);
  try {
    const result = await fn(pgTx(client));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
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
    async copyBatches() {
      throw new Error('COPY needs a transaction');
    },
    async copyText() {
      throw new Error('COPY needs a transaction');
    },
    copyOut() {
      throw new Error('COPY needs a transaction');
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await within(client, 'BEGIN', fn);
      } finally {
        client.release();
      }
    },
    async readAtOneMoment(lockKey, fn) {
      const client = await pool.connect();
      let locked = false;
      try {
        // The lock before the transaction: its moment is taken at its first statement, and must not
        // be taken while an import it then waits for is still to commit.
        await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
        locked = true;
        return await within(client, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', fn);
      } finally {
        if (locked) await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    // Other app processes may share the server: nothing read here can be kept.
    localWrites: () => null,
    busy: () => false,
  };
}

export { openPglite } from './pglite';
