/**
 * The one way an import is stored, whether it came from a file (uploads/service.ts) or from Open
 * Dental (sync/opendental/apply.ts): under the data-change lock, with the code mappings read once
 * in the same transaction, then the history row and the audit event, and after the commit the
 * space of the rewritten tables reclaimed. It applies completely or changes nothing
 * (docs/behaviour.md section 2).
 */
import type { HistoryKind } from '../../common/api/imports';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { reclaimSpace } from '../db/reclaim';
import { imports } from '../db/schema';
import { lockDataChanges } from '../db/versions';
import type { Mapping } from '../scoresheet/from-digest';
import { readMappings } from '../scoresheet/recalculate';

/** What the history and the audit say of an import. */
export interface ImportEntry {
  /** A file's kind, or the sync's. */
  kind: HistoryKind;
  /** The file's name as stored, or where the sync read from. */
  fileName: string;
  replace: boolean;
  /** The tables the import rewrote, whose space is given back after the commit. */
  rewritten: readonly string[];
}

/** The counts every import answers with, which the history row and the audit event record. */
export interface StoredCounts {
  records_imported: number;
  rows_skipped: number;
}

export async function storeImport<T extends StoredCounts>(
  db: Db,
  actor: Actor,
  entry: ImportEntry,
  /** Stores the rows and rebuilds what depends on them, by the mappings read under the lock. */
  store: (tx: Tx, mappings: Mapping[]) => Promise<T>,
  /** Checked under the lock, before anything is read: throws to refuse the import. */
  precondition?: (tx: Tx) => Promise<void>,
): Promise<T> {
  const stored = await db.transaction(async (tx) => {
    await lockDataChanges(tx);
    await precondition?.(tx);
    const counts = await store(tx, await readMappings(tx));
    await tx.orm.insert(imports).values({
      kind: entry.kind,
      fileName: entry.fileName,
      userId: actor.id,
      username: actor.username,
      rowsImported: counts.records_imported,
      rowsSkipped: counts.rows_skipped,
      replace: entry.replace,
    });
    await recordAudit(tx, actor, 'import', {
      kind: entry.kind,
      file_name: entry.fileName,
      replace: entry.replace,
      rows_imported: counts.records_imported,
      rows_skipped: counts.rows_skipped,
    });
    return counts;
  });
  await reclaimSpace(db, entry.rewritten);
  return stored;
}
