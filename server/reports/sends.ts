/**
 * Each scheduled e-mail (user, kind, period) is claimed in `report_sends` before it is sent, so it
 * goes out once whatever the number of app processes and restarts (docs/behaviour.md section 17).
 * A claim is leased: a process killed while sending leaves a lease that runs out, and another
 * process takes the send over. A failed send is tried again a minute later, five tries in all.
 * Every time is the scheduler's clock, handed in, so tests move time instead of waiting.
 */
import type { ReportKind } from '../../common/api/reports';
import type { Tx } from '../db/client';

// Far longer than making a report and the mail transport's own time limits (50 s at most), so a send in
// progress is never taken over; short enough that a killed process's send goes out soon after.
export const LEASE_MS = 10 * 60_000;
export const RETRY_MS = 60_000;
export const MAX_TRIES = 5;

export interface SendKey {
  userId: number;
  kind: ReportKind;
  period: string;
}

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

/**
 * A send no process holds at the moment `now` (an SQL expression): never tried, or its lease ran
 * out, or its retry is due. SQL on the row `r`.
 */
export const openSend = (now: string) => `(r.user_id IS NULL
  OR (r.status = 'sending' AND r.lease_until <= ${now})
  OR (r.status = 'retry' AND r.next_try <= ${now}))`;

/** Claims a send for `holder`: true for the one process whose claim went in. */
export async function claimSend(db: Tx, key: SendKey, holder: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO report_sends AS r (user_id, kind, period, status, attempts, holder, lease_until, updated_at)
     VALUES ($1, $2, $3, 'sending', 0, $4, $5, $6)
     ON CONFLICT (user_id, kind, period) DO UPDATE
       SET status = 'sending', holder = EXCLUDED.holder, lease_until = EXCLUDED.lease_until,
         updated_at = EXCLUDED.updated_at
       WHERE ${openSend('EXCLUDED.updated_at')}
     RETURNING user_id`,
    [key.userId, key.kind, key.period, holder, plus(now, LEASE_MS), now.toISOString()],
  );
  return rows.length === 1;
}

const WHERE_HELD = 'user_id = $1 AND kind = $2 AND period = $3 AND holder = $4';

export async function markSent(db: Tx, key: SendKey, holder: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE report_sends SET status = 'sent', attempts = attempts + 1, holder = NULL, lease_until = NULL,
       error = NULL, updated_at = $5
     WHERE ${WHERE_HELD}`,
    [key.userId, key.kind, key.period, holder, now.toISOString()],
  );
}

/**
 * Counts a failed try: the send is tried again from a minute later, or, at the fifth, given up.
 * Answers the tries so far and whether it was given up (null if the claim was no longer held).
 */
export async function markFailed(
  db: Tx,
  key: SendKey,
  holder: string,
  now: Date,
  reason: string,
): Promise<{ attempts: number; gaveUp: boolean } | null> {
  const [row] = await db.query<{ attempts: number; status: string }>(
    `UPDATE report_sends
       SET attempts = attempts + 1,
         status = CASE WHEN attempts + 1 >= ${MAX_TRIES} THEN 'failed' ELSE 'retry' END,
         next_try = $5, holder = NULL, lease_until = NULL, error = $6, updated_at = $7
     WHERE ${WHERE_HELD}
     RETURNING attempts, status`,
    [key.userId, key.kind, key.period, holder, plus(now, RETRY_MS), reason, now.toISOString()],
  );
  return row ? { attempts: row.attempts, gaveUp: row.status === 'failed' } : null;
}
