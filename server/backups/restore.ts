/**
 * Restore (docs/behaviour.md section 21): a backup into an empty database, or over a full one when
 * forced. The file is read whole and checked before anything is changed; the schema is made as
 * the backup's version had it, every table filled in one transaction, then the migrations bring it
 * up to this version.
 */
import type { Db } from '../db/client';
import { migrate, migrateTo } from '../db/migrate';
import type { BackupHeader } from './backup-file';
import { readSnapshot } from './snapshot';
import { EXACT_TEXT_SETTINGS, listTables } from './tables';

/** A restore refused before anything changed (a full target without --force). */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  header: BackupHeader;
  counts: Record<string, number>;
}

/** Reads the whole backup and answers its row counts; nothing is written anywhere. */
export async function verifyBackup(path: string, key: Buffer): Promise<RestoreSummary> {
  const read = await readSnapshot(path, key, async (_table, rows) => {
    for await (const _ of rows) void _;
  });
  return { header: read.header, counts: read.counts };
}

/** The tables holding rows, with their counts; none for a database never started. */
export async function rowsHeld(db: Db): Promise<Record<string, number>> {
  const held: Record<string, number> = {};
  for (const { name } of await listTables(db)) {
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
    if (n > 0) held[name] = n;
  }
  return held;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function restoreBackup(
  db: Db,
  path: string,
  key: Buffer,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const checked = await verifyBackup(path, key);
  const held = await rowsHeld(db);
  if (Object.keys(held).length > 0 && !force) {
    const some = Object.entries(held)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 3)
      .map(([t, n]) => `${n.toLocaleString('en-US')} rows in ${t}`)
      .join(', ');
    throw new RestoreRefused(
      `The target database is not empty (${some}): restore into an empty DATA_DIR or database, or add --force to replace everything in it`,
    );
  }
  if (force) await dropEverything(db);
  await migrateTo(db, checked.header.migrations);
  const restored = await db.transaction(async (tx) => {
    for (const sql of EXACT_TEXT_SETTINGS) await tx.query(sql);
    // A migration may have written rows of its own (defaults): the backup's stand instead.
    const names = (await listTables(tx)).map((t) => t.name);
    if (names.length > 0) await tx.query(`TRUNCATE ${names.join(', ')} CASCADE`);
    const read = await readSnapshot(path, key, (table, rows) =>
      tx.copyText(table.name, table.columns.map(quoted), rows, 'text'),
    );
    for (const [name, value] of Object.entries(read.sequences)) {
      if (value !== null) await tx.query('SELECT setval($1::regclass, $2)', [quoted(name), value]);
    }
    return read;
  });
  await migrate(db);
  return { header: restored.header, counts: restored.counts };
}

/** With --force: the product's tables and the record of its migrations go, in one transaction. */
async function dropEverything(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const names = (await listTables(tx)).map((t) => t.name);
    if (names.length > 0) await tx.query(`DROP TABLE ${names.join(', ')} CASCADE`);
    const sequences = await tx.query<{ name: string }>(
      `SELECT sequencename AS name FROM pg_sequences WHERE schemaname = current_schema()`,
    );
    for (const { name } of sequences) await tx.query(`DROP SEQUENCE ${quoted(name)}`);
    await tx.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  });
}
