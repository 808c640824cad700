import type { SyncRunResponse } from '../../../common/api/sync';
import type { Actor } from '../../caller/actor';
import type { Db } from '../../db/client';
import { replaceReports } from '../../import-store/record-import';
import { storeImport } from '../../import-store/store';
import { unmappedList } from '../../import-store/tally';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../../platform/import-limits';
import type { OdConnection } from './connection';
import { readOpenDental } from './reader';

/** How a sync is named in the import history and the audit log (docs/behaviour.md). */
export const SYNC_KIND = 'opendental-sync';
const SYNC_SOURCE = 'Open Dental';
const MAX_LISTED = 100;

/**
 * Syncs now: the Full Arch Report and Future Scheduled data read from Open Dental replace ours as
 * two replacing imports in one transaction under the data-change lock (so a sync waits for an
 * import that runs, and the other way round), recorded in the import history. A failed read
 * part-way throws, and the transaction changes nothing.
 */
export async function runSync(
  db: Db,
  actor: Actor,
  conn: OdConnection,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<SyncRunResponse> {
  const entry = {
    // The history lists a sync beside the file imports (common/api/imports.ts).
    kind: SYNC_KIND,
    fileName: SYNC_SOURCE,
    replace: true,
    rewritten: ['procedures', 'future_appointments', 'patients', 'scoresheet'],
  } as const;
  return storeImport(db, actor, entry, async (tx, mappings) => {
    const read = readOpenDental(conn, new Set(mappings.map((m) => m.proc_code)));
    const { fullArch, future } = await replaceReports(tx, mappings, read, limits);
    const unmapped = new Map<string, number>();
    for (const { code, count } of [...fullArch.unmapped_codes, ...future.unmapped_codes])
      unmapped.set(code, (unmapped.get(code) ?? 0) + count);
    return {
      success: true as const,
      records_imported: fullArch.records_imported + future.records_imported,
      full_arch: fullArch.records_imported,
      future: future.records_imported,
      rows_skipped: fullArch.rows_skipped + future.rows_skipped,
      skipped: [...fullArch.skipped, ...future.skipped].slice(0, MAX_LISTED),
      unmapped_codes: unmappedList(unmapped),
    };
  });
}
