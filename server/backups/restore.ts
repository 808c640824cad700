/**
 * Restore (docs/behaviour.md section 21): a backup into an empty database, or over a full one when
 * forced. The file's checksum, version and key are checked before anything is changed, and a full
 * target's rows go only once the whole file has been read; the schema is made as the backup's
 * version had it, every table filled in one transaction, then the migrations bring it up to this
 * version.
 */
import type { Db, Tx } from '../db/client';
import { migrate, migrateTo } from '../db/migrate';
import { type BackupHeader, checkKey, type OpenedBackup } from './backup-file';
import { inspectBackup, readSnapshot } from './snapshot';
import { EXACT_TEXT_SETTINGS, listTables } from './tables';

/** A restore refused before anything changed (a full target without --force). */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  header: BackupHeader;
  counts: Record<string, number>;
}

/** Reads the whole backup and answers its row counts; nothing is written anywhere. */
export async function verifyBackup(
  path: string,
  key: Buffer,
  inspected?: OpenedBackup,
): Promise<RestoreSummary> {
  const read = await readSnapshot(
    path,
    key,
    async (_table, rows) => {
      for await (const _ of rows) void _;
    },
    inspected,
  );
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
  // The file's own refusals first (not a backup, damaged, newer, another key): nothing touched.
  const opened = await inspectBackup(path);
  checkKey(path, opened, key);
  const held = await rowsHeld(db);
  if (Object.keys(held).length > 0) {
    if (!force) throw notEmpty(held);
    // Rows are about to go: the backup is read whole before they do.
    await verifyBackup(path, key, opened);
  }
  // An empty target is made empty of tables too, so the backup's schema is made from nothing; a
  // failure from here on leaves it empty again. The load checks the whole file as it reads it.
  await dropEverything(db);
  try {
    await migrateTo(db, opened.header.migrations);
    const restored = await db.transaction(async (tx) => {
      for (const sql of EXACT_TEXT_SETTINGS) await tx.query(sql);
      // A migration may have written rows of its own (defaults): the backup's stand instead.
      const names = (await listTables(tx)).map((t) => t.name);
      if (names.length > 0) await tx.query(`TRUNCATE ${names.join(', ')} CASCADE`);
      const read = await withoutIndexes(tx, () =>
        readSnapshot(
          path,
          key,
          (table, rows) => tx.copyText(table.name, table.columns.map(quoted), rows, 'text'),
          opened,
        ),
      );
      for (const [name, value] of Object.entries(read.sequences)) {
        if (value !== null) await tx.query('SELECT setval($1::regclass, $2)', [quoted(name), value]);
      }
      return read;
    });
    await migrate(db);
    return { header: restored.header, counts: restored.counts };
  } catch (err) {
    await dropEverything(db).catch(() => {});
    throw err;
  }
}

function notEmpty(held: Record<string, number>): RestoreRefused {
  const some = Object.entries(held)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 3)
    .map(([t, n]) => `${n.toLocaleString('en-US')} rows in ${t}`)
    .join(', ');
  return new RestoreRefused(
    `The target database is not empty (${some}): restore into an empty DATA_DIR or database, or add --force to replace everything in it`,
  );
}

/**
 * Fills the tables with their keys, constraints and indexes set aside and made again after, as
 * pg_restore does: one sort per index instead of an insert into each for every row (measured in
 * docs/performance.md, "Backups"). All in the caller's transaction, under the same names.
 */
async function withoutIndexes<T>(tx: Tx, load: () => Promise<T>): Promise<T> {
  const constraints = await tx.query<{ tbl: string; name: string; def: string; kind: string }>(
    `SELECT k.conrelid::regclass::text AS tbl, quote_ident(k.conname) AS name,
            pg_get_constraintdef(k.oid) AS def, k.contype AS kind
       FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace
      WHERE n.nspname = current_schema() AND k.contype IN ('p', 'u', 'f')
      ORDER BY k.contype = 'f' DESC`,
  );
  const indexes = await tx.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  // Foreign keys first (they lean on the keys), then the keys, then the plain indexes.
  for (const c of constraints) await tx.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${c.name}`);
  for (const i of indexes) await tx.query(`DROP INDEX ${i.name}`);
  const result = await load();
  for (const i of indexes) await tx.query(i.def);
  for (const c of [...constraints].reverse())
    await tx.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT ${c.name} ${c.def}`);
  return result;
}

/** The product's tables and the record of its migrations go, in one transaction. */
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
