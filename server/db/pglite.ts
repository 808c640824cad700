import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy';
import {
  type CopyFormat,
  type CopyValue,
  copyOutSql,
  copySql,
  type Db,
  LEAVES_CACHED_READS,
  naming,
  type Orm,
  READ_ONLY,
  type Tx,
  toCsv,
} from './client';
import * as schema from './schema';

type Request =
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      tx?: number;
      csv?: string | Uint8Array;
      rowMode?: 'array';
    }
  | { op: 'copyOut'; sql: string; tx?: number }
  | { op: 'begin' | 'end'; tx: number; commit?: boolean }
  | { op: 'close' };

/** The embedded database's thread (pglite-worker.mjs), called with promises. */
async function startWorker(dataDir: string | undefined) {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve(rows: unknown): void; reject(err: Error): void }>();
  let next = 0;
  let stopped: Error | null = null;
  const stop = (err: Error) => {
    stopped = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on(
      'message',
      (msg: { ready?: true; id: number; rows?: unknown; error?: Record<string, string> }) => {
        if (msg.ready) return resolve();
        const call = pending.get(msg.id);
        if (!call) return;
        pending.delete(msg.id);
        if (msg.error) call.reject(Object.assign(new Error(msg.error.message), msg.error));
        else call.resolve(msg.rows);
      },
    );
    worker.on('error', (err) => {
      reject(err);
      stop(new Error(`The embedded database stopped: ${err.message}`));
    });
    worker.on('exit', () => {
      reject(new Error('The embedded database did not start'));
      stop(new Error('The embedded database has been closed'));
    });
  });
  await ready;
  return {
    call<T>(request: Request): Promise<T> {
      if (stopped) return Promise.reject(stopped);
      const id = ++next;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (rows: unknown) => void, reject });
        worker.postMessage({ id, ...request });
      });
    },
    /** Statements and transaction steps sent and not yet answered. */
    inFlight: () => pending.size,
    terminate: () => worker.terminate(),
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

/**
 * The embedded PostgreSQL (PGlite) in a data folder, or in memory without one. It runs in a
 * thread of its own, so the server keeps answering while it works through a long statement.
 */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = join(dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
  }
  if (dir && !existsSync(join(dir, 'PG_VERSION'))) await createDataFolder(dir);
  const remote = await startWorker(dir);

  // PGlite runs one statement or transaction at a time, and the data-folder lock keeps every
  // other process out, so this process sees every write: counting them is enough to know when a
  // cached read goes stale. A write outside a transaction counts before and after it, so a read
  // that overlaps it is never kept as current. A transaction counts once, when it has ended: until
  // it commits nobody else sees its writes, so what was read before it stays current meanwhile,
  // and the server can keep answering from its caches while a long import runs.
  let writes = 0;
  let openTransactions = 0;
  let nextTx = 0;
  const wrote = () => {
    writes++;
  };
  const written = async <T>(run: () => Promise<T>): Promise<T> => {
    wrote();
    try {
      return await run();
    } finally {
      wrote();
    }
  };

  const txOf = (tx?: number): Tx => {
    // Raw SQL and Drizzle's statements both come through here, so an ORM write outside a
    // transaction makes cached reads stale exactly as a raw one does.
    const query = <T>(sql: string, params?: unknown[], rowMode?: 'array') => {
      const run = () => naming(sql, () => remote.call<T[]>({ op: 'query', sql, params, tx, rowMode }));
      const cachedReadsHold = READ_ONLY.test(sql) || LEAVES_CACHED_READS.some((w) => w.test(sql));
      return tx !== undefined || cachedReadsHold ? run() : written(run);
    };
    async function copyCsv(
      table: string,
      columns: string[],
      csv: string | Uint8Array,
      format: CopyFormat = 'csv',
    ) {
      const sql = copySql(table, columns, "'/dev/blob'", format);
      const run = () => naming(sql, () => remote.call({ op: 'query', sql, tx, csv }));
      await (tx !== undefined ? run() : written(run));
    }
    async function copyRows(table: string, columns: string[], rows: CopyValue[][]) {
      if (rows.length > 0) await copyCsv(table, columns, toCsv(rows));
    }
    return {
      // Drizzle maps the columns it selected ('all') by position, and wants objects otherwise.
      orm: drizzleProxy(
        async (sql, params, method) => ({
          rows: await query(sql, params, method === 'all' ? 'array' : undefined),
        }),
        { schema },
      ) as unknown as Orm,
      query: <T>(sql: string, params?: unknown[]) => query<T>(sql, params),
      copyRows,
      async copyBatches(table, columns, batches) {
        // A COPY per batch, each stored by the database's thread while the next batch is made.
        // The failure of a batch in flight is seen at the latest when the next one is handed
        // over, and never goes unhandled in between.
        let storing: Promise<void> = Promise.resolve();
        try {
          for await (const rows of batches) {
            await storing;
            storing = copyRows(table, columns, rows);
            storing.catch(() => {});
          }
        } finally {
          // Never leave a COPY running when the transaction ends, whichever way it ends.
          await storing.catch(() => {});
        }
        await storing;
      },
      async copyText(table, columns, chunks, format = 'csv') {
        // A COPY per chunk, as copyBatches does (a chunk holds whole rows).
        for await (const chunk of chunks)
          if (chunk.byteLength > 0) await copyCsv(table, columns, chunk, format);
      },
      async *copyOut(table, columns) {
        // The whole table in one piece: the database's thread has it in memory at once anyway.
        const sql = copyOutSql(table, columns, "'/dev/blob'");
        const bytes = await naming(sql, () => remote.call<Uint8Array>({ op: 'copyOut', sql, tx }));
        if (bytes.byteLength > 0) yield bytes;
      },
    };
  };

  /** `readOnly`: it writes nothing, so the caches stay current through it. */
  async function transaction<T>(fn: (tx: Tx) => Promise<T>, readOnly = false): Promise<T> {
    const id = ++nextTx;
    openTransactions++;
    try {
      await remote.call({ op: 'begin', tx: id });
      let result: T;
      try {
        result = await fn(txOf(id));
      } catch (err) {
        await remote.call({ op: 'end', tx: id, commit: false }).catch(() => {});
        throw err;
      }
      await remote.call({ op: 'end', tx: id, commit: true });
      return result;
    } finally {
      openTransactions--;
      if (!readOnly) wrote();
    }
  }

  return {
    kind: 'pglite',
    ...txOf(),
    transaction: (fn) => transaction(fn),
    readAtOneMoment(lockKey, fn) {
      // One transaction at a time here: while it runs, every other waits (reads from the caches
      // go on), so the moment holds without more. The lock is taken for the work that checks it.
      return transaction(async (tx) => {
        await tx.query('SET TRANSACTION READ ONLY');
        await tx.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
        return fn(tx);
      }, true);
    },
    async close() {
      await remote.call({ op: 'close' }).catch(() => {});
      await remote.terminate();
    },
    localWrites: () => writes,
    busy: () => openTransactions > 0 || remote.inFlight() > 0,
  };
}
