import type { Db } from './client';

/**
 * Makes the space of rows an import or recalculation replaced reusable. A PostgreSQL server's
 * autovacuum does this by itself; the embedded database has none, so without it the data folder
 * would grow by the size of the data on every replacing import. Runs after the commit: VACUUM
 * cannot run inside a transaction.
 */
export async function reclaimSpace(db: Db, tables: readonly string[]): Promise<void> {
  if (db.kind !== 'pglite' || tables.length === 0) return;
  await db.query(`VACUUM ${tables.join(', ')}`);
  // The embedded database runs no checkpointer of its own, so without this the write-ahead log
  // keeps every change ever made: it was most of the folder's growth.
  await db.query('CHECKPOINT');
}
