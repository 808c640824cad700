/**
 * Sign-in sessions (docs/security.md): each token names a row of `sessions`, so one sign-in can be
 * ended on its own, at once and in every app process, by deleting its row. The times are the app's
 * clock (`now`), which also judges them.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, ne, or } from 'drizzle-orm';
import { SESSION_TOUCH_MS } from '../../common/api/auth';
import type { Tx } from '../db/client';
import { sessions } from '../db/schema';
import type { Env } from '../platform/env';

export interface SessionLimits {
  /** The token's lifetime, which the row keeps too. */
  ttlMs: number;
  /** IDLE_TIMEOUT_MINUTES; 0: no idle limit. */
  idleMinutes: number;
  /** The clock sessions are started and judged by: ms since 1970. */
  now(): number;
}

export const sessionLimits = (
  env: Pick<Env, 'tokenTtlSeconds' | 'idleTimeoutMinutes'>,
  now: () => number = Date.now,
): SessionLimits => ({ ttlMs: env.tokenTtlSeconds * 1000, idleMinutes: env.idleTimeoutMinutes, now });

/**
 * Whether a session last used (as stored) at `lastSeenMs` is over by the idle limit. The limit is
 * stretched by the stored value's lag, so a session ends no sooner than IDLE_TIMEOUT_MINUTES after
 * its last call and no later than a minute after that; the web app, which keeps the server told
 * of activity once a minute, signs out first.
 */
export function isIdle(lastSeenMs: number, now: number, idleMinutes: number): boolean {
  return idleMinutes > 0 && now - lastSeenMs > idleMinutes * 60_000 + SESSION_TOUCH_MS;
}

/**
 * A call moves its session's last use on only when the stored one is at least a minute old, so
 * most calls write nothing (on the embedded database any write also drops the guard's cached
 * read). The stored last use is therefore up to a minute behind the last call.
 */
export const needsTouch = (lastSeenMs: number, now: number): boolean => now - lastSeenMs >= SESSION_TOUCH_MS;

/** Where a sign-in came from, kept with its session for the user's list of sessions. */
export interface SignInPlace {
  ip: string;
  userAgent: string | null;
}

// A browser's User-Agent is a few hundred characters; more is not one, and is not kept.
const MAX_USER_AGENT = 512;

/** Starts a session for a sign-in and returns its id; sessions that have ended on their own go. */
export async function startSession(
  db: Tx,
  userId: number,
  limits: SessionLimits,
  place: SignInPlace,
): Promise<string> {
  const { ttlMs, idleMinutes } = limits;
  const now = limits.now();
  // Pruned here, at a sign-in, rather than by a timer: the table then holds only sessions that
  // are live or ended since the last sign-in, with no job to run in every process.
  const idleSince = new Date(now - idleMinutes * 60_000 - SESSION_TOUCH_MS);
  await db.orm
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now)),
        idleMinutes > 0 ? lt(sessions.lastSeenAt, idleSince) : undefined,
      ),
    );
  const id = randomUUID();
  await db.orm.insert(sessions).values({
    id,
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + ttlMs),
    ip: place.ip,
    userAgent: place.userAgent?.slice(0, MAX_USER_AGENT) || null,
  });
  return id;
}

/**
 * A user's live sessions, newest first: those neither expired nor over the idle limit by the
 * app's clock (the ones the guard would still accept).
 */
export async function listSessionsOf(db: Tx, userId: number, limits: SessionLimits) {
  const now = limits.now();
  const rows = await db.orm
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.filter(
    (r) => r.expiresAt.getTime() > now && !isIdle(r.lastSeenAt.getTime(), now, limits.idleMinutes),
  );
}

/** Ends one of a user's own sessions; false when they have none of that id. */
export async function endSessionOf(db: Tx, userId: number, id: string): Promise<boolean> {
  const ended = await db.orm
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends one session; false when it had ended already. */
export async function endSession(db: Tx, id: string): Promise<boolean> {
  const ended = await db.orm.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of a user but `keep` (the one changing its own password goes on). */
export async function endSessionsOf(db: Tx, userId: number, keep?: string): Promise<void> {
  await db.orm
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep === undefined ? undefined : ne(sessions.id, keep)));
}

/** Records a call as the session's last use. Raw SQL: it runs on the request guard's path. */
export async function touchSession(db: Tx, id: string, now: number): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [
    id,
    new Date(now),
  ]);
}
