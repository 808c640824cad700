import type { Db, Tx } from './client';

/** Rows taken in per FETCH: a few milliseconds of this process's thread each. */
const PAGE_ROWS = 2000;

/**
 * A large read (every patient's scoresheet row) through a cursor, a page at a time, giving the
 * thread back between pages. Why: the PostgreSQL driver turns rows into objects as fast as they
 * arrive, and a whole table arriving at once held the thread for 60-70 ms a read, 170 ms for the
 * figures' inputs read together, while health checks and other users' calls waited
 * (docs/performance.md, waits during an import). The embedded database answers from a thread of
 * its own, and a transaction there would hold every other statement: it reads in one go, as does
 * a read inside a caller's transaction.
 */
export async function readInPages<T>(
  db: Db | Tx,
  sql: string,
  /** Completes each row in place as its page arrives, so that work is spread out too. */
  complete: (row: T) => void = () => {},
  pageRows = PAGE_ROWS,
): Promise<T[]> {
  if (!('kind' in db) || db.kind !== 'pg') {
    const rows = await db.query<T>(sql);
    for (const row of rows) complete(row);
    return rows;
  }
  return db.transaction(async (tx) => {
    // The whole result is wanted: plan for all of it, not for its first rows as cursors do.
    await tx.query('SET LOCAL cursor_tuple_fraction = 1');
    await tx.query(`DECLARE paged NO SCROLL CURSOR FOR ${sql}`);
    const rows: T[] = [];
    for (;;) {
      const page = await tx.query<T>(`FETCH ${pageRows} FROM paged`);
      for (const row of page) {
        complete(row);
        rows.push(row);
      }
      if (page.length < pageRows) return rows;
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
}
