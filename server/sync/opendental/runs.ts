/** The record of each sync once it ended (the sync_runs table): the latest is the status shown. */
import { desc, eq } from 'drizzle-orm';
import type { ErrorCode } from '../../../common/api/error-codes';
import type { LastSync } from '../../../common/api/sync';
import type { Tx } from '../../db/client';
import { syncRuns } from '../../db/schema';

export interface RunRecord {
  startedAt: Date;
  ok: boolean;
  recordsImported: number | null;
  rowsSkipped: number | null;
  error: string | null;
  errorCode: ErrorCode | null;
  unmappedCodes: { code: string; count: number }[] | null;
  trigger: 'manual' | 'schedule';
  username: string | null;
}

export async function recordRun(db: Tx, run: RunRecord): Promise<void> {
  await db.orm.insert(syncRuns).values(run);
}

export async function lastSync(db: Tx): Promise<LastSync | null> {
  const [row] = await db.orm
    .select({
      at: syncRuns.finishedAt,
      ok: syncRuns.ok,
      records_imported: syncRuns.recordsImported,
      rows_skipped: syncRuns.rowsSkipped,
      error: syncRuns.error,
      error_code: syncRuns.errorCode,
      unmapped: syncRuns.unmappedCodes,
    })
    .from(syncRuns)
    .orderBy(desc(syncRuns.finishedAt), desc(syncRuns.id))
    .limit(1);
  if (!row) return null;
  const { unmapped, ...run } = row;
  // A failed sync, or one recorded before the codes were kept, lists none.
  return { ...run, at: row.at.toISOString(), unmapped_codes: unmapped ?? [] };
}

/** When the latest sync that worked ended: the time the figures are of; null when none has. */
export async function lastGoodSyncAt(db: Tx): Promise<Date | null> {
  const [row] = await db.orm
    .select({ at: syncRuns.finishedAt })
    .from(syncRuns)
    .where(eq(syncRuns.ok, true))
    .orderBy(desc(syncRuns.finishedAt), desc(syncRuns.id))
    .limit(1);
  return row?.at ?? null;
}
