/**
 * Every table at one moment, into a backup file and back out of one. The writing side holds the
 * database's moment while the file is written (db/versions.ts readDataAtOneMoment); the reading
 * side hands each table's rows to a loader as they are unpacked, and checks each count and the end.
 */
import packageJson from '../../package.json' with { type: 'json' };
import type { Db, Tx } from '../db/client';
import { migrationCount } from '../db/migrate';
import { readDataAtOneMoment } from '../db/versions';
import {
  BackupFileError,
  type BackupHeader,
  type OpenedBackup,
  openBackupFile,
  readBackupContent,
  writeBackupFile,
} from './backup-file';
import { countRows, decodeFrames, encodeFrame, type Frame, piecesOfRows } from './frames';
import { EXACT_TEXT_SETTINGS, listTables, migrationLevel, readSequences, type TableShape } from './tables';

/** Writes a backup of `db` at this moment to `path` (a new file); answers its size. */
export function writeSnapshot(db: Db, path: string, key: Buffer, now: () => Date): Promise<number> {
  return readDataAtOneMoment(db, async (tx) => {
    for (const sql of EXACT_TEXT_SETTINGS) await tx.query(sql);
    const tables = await listTables(tx);
    const header = {
      app_version: packageJson.version,
      migrations: await migrationLevel(tx),
      created_at: now().toISOString(),
    };
    return writeBackupFile(path, key, header, content(tx, tables));
  });
}

async function* content(tx: Tx, tables: TableShape[]): AsyncGenerator<Uint8Array> {
  for (const table of tables) {
    yield encodeFrame({ kind: 'table', name: table.name, columns: table.columns });
    let rows = 0;
    for await (const chunk of tx.copyOut(table.name, table.columns)) {
      for (const piece of piecesOfRows(chunk)) {
        rows += countRows(piece);
        yield encodeFrame({ kind: 'rows', data: piece });
      }
    }
    yield encodeFrame({ kind: 'table-end', rows });
  }
  yield encodeFrame({ kind: 'sequences', values: await readSequences(tx) });
  yield encodeFrame({ kind: 'end', tables: tables.length });
}

export interface BackupRead {
  header: BackupHeader;
  /** Rows per table, as read. */
  counts: Record<string, number>;
  sequences: Record<string, number | null>;
}

/** Takes one table's rows: must read `rows` to its end (or throw). */
export type TableLoader = (table: TableShape, rows: AsyncIterable<Uint8Array>) => Promise<void>;

/** Opens a backup and refuses it, with its reason, when this version of the product cannot restore it. */
export async function inspectBackup(path: string) {
  const opened = await openBackupFile(path);
  const ours = migrationCount();
  if (opened.header.migrations > ours)
    throw new BackupFileError(
      'newer',
      `${path} was made by a newer version of Full Arch Tracker (${opened.header.app_version}, schema ${opened.header.migrations}; this one has schema ${ours}): update it first`,
    );
  return opened;
}

/**
 * Reads a backup whole, handing each table to `load`. Throws BackupFileError when it is damaged,
 * sealed with another key, cut short, or from a newer version; the cipher's check comes last, so a
 * caller loads inside a transaction it commits only after this has returned.
 */
export async function readSnapshot(
  path: string,
  key: Buffer,
  load: TableLoader,
  /** The backup as inspectBackup opened it already: its checksum is not read again. */
  inspected?: OpenedBackup,
): Promise<BackupRead> {
  const opened = inspected ?? (await inspectBackup(path));
  const frames = decodeFrames(readBackupContent(path, opened, key));
  const counts: Record<string, number> = {};
  const incomplete = () => new BackupFileError('incomplete', `${path} is incomplete: its content ends early`);
  const next = async (): Promise<Frame> => {
    const { value, done } = await frames.next();
    if (done) throw incomplete();
    return value;
  };
  for (;;) {
    const frame = await next();
    if (frame.kind === 'table') {
      let seen = 0;
      let ended: number | null = null;
      async function* rows(): AsyncGenerator<Uint8Array> {
        for (;;) {
          const f = await next();
          if (f.kind === 'table-end') {
            ended = f.rows;
            return;
          }
          if (f.kind !== 'rows') throw incomplete();
          seen += countRows(f.data);
          yield f.data;
        }
      }
      const table = { name: frame.name, columns: frame.columns };
      await load(table, rows());
      if (ended === null) for await (const _ of rows()) void _;
      if (ended !== seen) throw incomplete();
      counts[table.name] = seen;
    } else if (frame.kind === 'sequences') {
      const end = await next();
      if (end.kind !== 'end' || end.tables !== Object.keys(counts).length) throw incomplete();
      // The cipher's check of the whole is made when the content has been read to its end.
      if (!(await frames.next()).done) throw incomplete();
      return { header: opened.header, counts, sequences: frame.values };
    } else throw incomplete();
  }
}
