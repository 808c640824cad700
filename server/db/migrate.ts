import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgRemoteDatabase } from 'drizzle-orm/pg-proxy';
import { migrate as migrateProxy } from 'drizzle-orm/pg-proxy/migrator';
import type { Db } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the SQL migrations in server/db/migrations; safe to run on every start. The embedded
 * database is reached through its thread, so it takes the migrator that hands over statements,
 * run here in one transaction; both keep the same record of applied migrations.
 */
export async function migrate(db: Db): Promise<void> {
  if (db.kind === 'pg') {
    await migratePg(db.orm as unknown as NodePgDatabase, { migrationsFolder });
    return;
  }
  await migrateProxy(
    db.orm as unknown as PgRemoteDatabase,
    (statements) =>
      db.transaction(async (tx) => {
        for (const sql of statements) await tx.query(sql);
      }),
    { migrationsFolder },
  );
}
