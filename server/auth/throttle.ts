import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { loginFailures } from '../db/schema';
import { HttpError } from '../http/errors';

/** Failures for one username within the window that lock it (rules: 5 in 15 minutes). */
export const MAX_FAILURES = 5;
/** Failures from one client address, whatever the usernames, that lock the address. */
export const MAX_ADDRESS_FAILURES = 30;
export const WINDOW_MINUTES = 15;
const WINDOW_MS = WINDOW_MINUTES * 60_000;

/**
 * Milliseconds a lock has left, given the newest `max` failures (newest first): locked when that
 * many fell within one window, until a window after the newest. 0 when not locked.
 */
export function lockLeftMs(newestFirst: Date[], max: number, now: number): number {
  if (newestFirst.length < max) return 0;
  const newest = newestFirst[0].getTime();
  if (newest - newestFirst[max - 1].getTime() > WINDOW_MS) return 0;
  return Math.max(0, newest + WINDOW_MS - now);
}

export interface Attempt {
  id: number;
  /** Milliseconds until a sign-in is allowed again, 0 when it may go ahead. */
  lockedMs: number;
  /** Which limit locked it. */
  by: 'username' | 'address' | null;
}

/**
 * Records a sign-in attempt before its password is checked, then judges it by the attempts
 * recorded beside it. Counting first is what holds the limit under parallel requests: each insert
 * commits on its own before its count, so of any number of simultaneous attempts at most the limit
 * see fewer than the limit beside them. A refused attempt's row is removed again, so attempts made
 * while locked do not prolong the lock; a failed one's row stays as the failure; a success clears
 * the username's rows (see clearFailures).
 */
export async function beginAttempt(db: Tx, usernameKey: string, ip: string): Promise<Attempt> {
  const [{ id }] = await db.orm
    .insert(loginFailures)
    .values({ usernameKey, ip })
    .returning({ id: loginFailures.id });
  const others = async (
    column: typeof loginFailures.usernameKey | typeof loginFailures.ip,
    value: string,
    max: number,
  ) => {
    const rows = await db.orm
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(column, value), ne(loginFailures.id, id)))
      .orderBy(desc(loginFailures.at))
      .limit(max);
    return rows.map((r) => r.at);
  };
  const now = Date.now();
  const byUser = lockLeftMs(
    await others(loginFailures.usernameKey, usernameKey, MAX_FAILURES),
    MAX_FAILURES,
    now,
  );
  const byAddress = lockLeftMs(
    await others(loginFailures.ip, ip, MAX_ADDRESS_FAILURES),
    MAX_ADDRESS_FAILURES,
    now,
  );
  const lockedMs = Math.max(byUser, byAddress);
  if (lockedMs > 0) await forgetAttempt(db, id);
  return { id, lockedMs, by: lockedMs === 0 ? null : byUser >= byAddress ? 'username' : 'address' };
}

/** An attempt that proved nothing either way (refused while locked, or a disabled account). */
export async function forgetAttempt(db: Tx, id: number): Promise<void> {
  await db.orm.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Keeps the table small once an attempt has failed: only recent failures can matter. */
export async function pruneFailures(db: Tx, usernameKey: string): Promise<void> {
  await db.orm
    .delete(loginFailures)
    .where(
      and(eq(loginFailures.usernameKey, usernameKey), lt(loginFailures.at, sql`now() - interval '1 day'`)),
    );
}

export async function clearFailures(db: Tx, usernameKey: string): Promise<void> {
  await db.orm.delete(loginFailures).where(eq(loginFailures.usernameKey, usernameKey));
}

/** The 429 for a username or address with too many failed checks of a password or a code. */
export function tooManyAttempts(attempt: Pick<Attempt, 'lockedMs' | 'by'>): HttpError {
  const minutes = Math.ceil(attempt.lockedMs / 60_000);
  const from = attempt.by === 'address' ? ' from this address' : '';
  return new HttpError(
    429,
    `Too many failed sign-in attempts${from}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { code: 'sign_in_locked', headers: { 'retry-after': String(Math.ceil(attempt.lockedMs / 1000)) } },
  );
}
