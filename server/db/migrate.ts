import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgRemoteDatabase } from 'drizzle-orm/pg-proxy';
import { migrate as migrateProxy } from 'drizzle-orm/pg-proxy/migrator';
import type { Db } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

interface Journal {
  entries: { tag: string }[];
}
const readJournal = (): Journal =>
  JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'));

/** How many migrations this version of the product has: its schema level. */
export const migrationCount = (): number => readJournal().entries.length;

/**
 * Applies the SQL migrations in server/db/migrations; safe to run on every start. The embedded
 * database is reached through its thread, so it takes the migrator that hands over statements,
 * run here in one transaction; both keep the same record of applied migrations.
 */
export async function migrate(db: Db): Promise<void> {
  await migrateFrom(db, migrationsFolder);
}

async function migrateFrom(db: Db, folder: string): Promise<void> {
  if (db.kind === 'pg') {
    await migratePg(db.orm as unknown as NodePgDatabase, { migrationsFolder: folder });
    return;
  }
  await migrateProxy(
    db.orm as unknown as PgRemoteDatabase,
    (statements) =>
      db.transaction(async (tx) => {
        for (const sql of statements) await tx.query(sql);
      }),
    { migrationsFolder: folder },
  );
}

/**
 * Applies the first `count` migrations only: a restore makes the schema a backup was taken with,
 * loads it, then brings it up to date with `migrate` (docs/behaviour.md section 21).
 */
export async function migrateTo(db: Db, count: number): Promise<void> {
  const journal = readJournal();
  const folder = mkdtempSync(join(tmpdir(), 'fat-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    const entries = journal.entries.slice(0, count);
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries)
      copyFileSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
    await migrateFrom(db, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
