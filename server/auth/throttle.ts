import type { Tx } from '../db/client';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

/**
 * After 5 failures within 15 minutes, sign-in is refused until 15 minutes after the last one.
 * Failures live in the database so every app process agrees. Returns minutes left, or 0.
 */
export async function lockedMinutes(db: Tx, usernameKey: string): Promise<number> {
  const rows = await db.query<{ at: Date }>(
    'SELECT at FROM login_failures WHERE username_key = $1 ORDER BY at DESC LIMIT $2',
    [usernameKey, MAX_FAILURES],
  );
  if (rows.length < MAX_FAILURES) return 0;
  const newest = new Date(rows[0].at).getTime();
  const oldest = new Date(rows[MAX_FAILURES - 1].at).getTime();
  const window = WINDOW_MINUTES * 60_000;
  if (newest - oldest > window) return 0;
  const left = newest + window - Date.now();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

export async function recordFailure(db: Tx, usernameKey: string): Promise<void> {
  await db.query('INSERT INTO login_failures (username_key) VALUES ($1)', [usernameKey]);
  // Keep the table small: only the recent failures can matter.
  await db.query(`DELETE FROM login_failures WHERE username_key = $1 AND at < now() - interval '1 day'`, [
    usernameKey,
  ]);
}

export async function clearFailures(db: Tx, usernameKey: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE username_key = $1', [usernameKey]);
}
