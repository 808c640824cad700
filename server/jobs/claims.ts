/**
 * Work that one app process must do alone, decided in the database (the job_claims table), so it
 * holds across processes and restarts: a scheduled slot is claimed once and for all; a lock is held
 * while the work runs and carries a lease, so the lock of a process that was killed runs out.
 */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/client';

/** This process, as the holder of its claims. */
export const PROCESS_HOLDER = randomUUID();

const RUNNING = 'running';

/** Claims `period` of `job` for this process: true for the one process whose insert went in. */
export async function claimSlot(
  db: Tx,
  job: string,
  period: string,
  holder = PROCESS_HOLDER,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO job_claims (job, period, holder, lease_until) VALUES ($1, $2, $3, now())
     ON CONFLICT (job, period) DO NOTHING RETURNING job`,
    [job, period, holder],
  );
  return rows.length === 1;
}

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the lock of `job` unless another holder has it and its lease has not run out; null when
 * taken. While held it is renewed every third of the lease, so only a dead holder's lock expires.
 */
export async function takeLock(
  db: Tx,
  job: string,
  leaseMs: number,
  holder = `${PROCESS_HOLDER}/${randomUUID()}`,
): Promise<HeldLock | null> {
  const seconds = leaseMs / 1000;
  const rows = await db.query(
    `INSERT INTO job_claims (job, period, holder, lease_until)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (job, period) DO UPDATE
       SET holder = EXCLUDED.holder, claimed_at = now(), lease_until = EXCLUDED.lease_until
       WHERE job_claims.lease_until < now()
     RETURNING job`,
    [job, RUNNING, holder, seconds],
  );
  if (rows.length === 0) return null;
  const renew = setInterval(() => {
    db.query(
      `UPDATE job_claims SET lease_until = now() + make_interval(secs => $4)
       WHERE job = $1 AND period = $2 AND holder = $3`,
      [job, RUNNING, holder, seconds],
    ).catch(() => {
      // A missed renewal only shortens the lease; the next one tries again.
    });
  }, leaseMs / 3);
  renew.unref();
  return {
    async release() {
      clearInterval(renew);
      await db.query('DELETE FROM job_claims WHERE job = $1 AND period = $2 AND holder = $3', [
        job,
        RUNNING,
        holder,
      ]);
    },
  };
}

/** Whether any process holds the lock of `job` now. */
export async function isLocked(db: Tx, job: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM job_claims WHERE job = $1 AND period = $2 AND lease_until >= now()',
    [job, RUNNING],
  );
  return rows.length > 0;
}
