/**
 * The sync's status as every signed-in user sees it, and whether the figures are behind Open
 * Dental (docs/behaviour.md section 18): read once here for the Data Import tab, the Dashboard,
 * Follow-ups, the PDF report and the e-mails, so they all say the same.
 */
import type { SyncStatus, SyncWarning } from '../../../common/api/sync';
import { scheduleWords, syncWarningWords } from '../../../common/sync-words';
import type { Tx } from '../../db/client';
import { missedSlot } from '../../domain/sync-schedule';
import { lastGoodSyncAt, lastSync } from './runs';
import { hasConnection, readStored, type SyncConfig, serverTimeZone } from './settings';
import { syncRunning } from './sync-now';

export async function readSyncStatus(db: Tx, config: SyncConfig, now: Date): Promise<SyncStatus> {
  const stored = await readStored(db);
  const configured = hasConnection(stored, config);
  const last = await lastSync(db);
  const good = await lastGoodSyncAt(db);
  let warning: SyncWarning | null = null;
  // Without a connection there is no sync to be behind: the figures are the imports'.
  if (configured && last && !last.ok) {
    warning = { kind: 'failed', figures_at: good?.toISOString() ?? null, reason: last.error };
  } else if (configured) {
    const since = stored.schedule_since ? new Date(stored.schedule_since) : null;
    if (missedSlot(stored.schedule, since, good, now, stored.daily_hour))
      warning = { kind: 'stale', figures_at: good?.toISOString() ?? null, reason: null };
  }
  return {
    success: true,
    configured,
    schedule: stored.schedule,
    daily_hour: stored.daily_hour,
    time_zone: serverTimeZone(),
    running: await syncRunning(db),
    last_sync: last,
    warning,
  };
}

/** The one line the PDF report and the e-mails say when the figures are behind; null when not. */
export async function syncWarningLine(db: Tx, config: SyncConfig, now: Date): Promise<string | null> {
  const status = await readSyncStatus(db, config, now);
  return status.warning ? syncWarningWords(status.warning, status) : null;
}

/** The schedule in words when a sync will run by itself and replace the imported reports; else null. */
export async function scheduledSyncWords(db: Tx, config: SyncConfig): Promise<string | null> {
  const stored = await readStored(db);
  if (!hasConnection(stored, config) || stored.schedule === 'off') return null;
  return scheduleWords({
    schedule: stored.schedule,
    daily_hour: stored.daily_hour,
    time_zone: serverTimeZone(),
  });
}
