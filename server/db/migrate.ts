import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Db } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the SQL migrations in server/db/migrations; safe to run on every start. */
export async function migrate(db: Db): Promise<void> {
  if (db.kind === 'pglite') await migratePglite(db.orm as unknown as PgliteDatabase, { migrationsFolder });
  else await migratePg(db.orm as unknown as NodePgDatabase, { migrationsFolder });
}
