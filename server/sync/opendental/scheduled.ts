import type { Db } from '../../db/client';
import { dueSlot, slotKey } from '../../domain/sync-schedule';
import { HttpError } from '../../http/errors';
import { claimSlot } from '../../jobs/claims';
import type { OpendentalDriver } from './driver';
import { readStored, type SyncConfig } from './settings';
import { SYNC_JOB, syncNow } from './sync-now';

/** What a tick did, for tests and the log. */
export type ScheduledOutcome = 'not-due' | 'taken' | 'synced' | 'failed';

/**
 * The scheduled sync (docs/behaviour.md section 18): at minute 0 of each hour or at the daily hour
 * (05:00 unless chosen otherwise), the one
 * process whose claim of the slot goes in syncs; a failed sync waits for the next slot.
 */
export function scheduledSync(
  db: Db,
  config: SyncConfig,
  driver: OpendentalDriver,
  onFailed: (reason: string) => void = () => {},
): { name: string; run(now: Date): Promise<ScheduledOutcome> } {
  return {
    name: SYNC_JOB,
    async run(now) {
      const stored = await readStored(db);
      const since = stored.schedule_since ? new Date(stored.schedule_since) : null;
      const slot = dueSlot(stored.schedule, since, now, stored.daily_hour);
      if (!slot) return 'not-due';
      if (!(await claimSlot(db, SYNC_JOB, slotKey(slot)))) return 'taken';
      try {
        await syncNow(db, { id: null, username: null }, config, driver, 'schedule');
        return 'synced';
      } catch (err) {
        // The reason is the sync's own words (connection, access, a refused read), never a row.
        onFailed(err instanceof HttpError ? err.message : 'an error on the server');
        if (!(err instanceof HttpError)) throw err;
        return 'failed';
      }
    },
  };
}
