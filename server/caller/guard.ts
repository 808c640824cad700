import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idleSignOutMessage, MFA_TOKEN_EXPIRED } from '../../common/api/auth';
import { MFA_SETUP_ONLY } from '../../common/api/mfa';
import type { Db } from '../db/client';
import { cacheUntilWrite } from '../db/read-cache';
import type { Row } from '../db/rows';
import type { settings } from '../db/schema';
import { ACTIVITY_VERSION_SQL, DATA_VERSION_SQL } from '../db/versions';
import { heldProvider, type ProviderFilter } from '../domain/figures/common';
import { HttpError } from '../http/errors';
import type { Tokens } from '../platform/tokens';
import { findMfaToken, SETUP_TOKEN_PREFIX } from './mfa-tokens';
import { OWN_ONLY_SQL } from './provider-rule';
import { isIdle, needsTouch, type SessionLimits, touchSession } from './sessions';
import { USER_COLUMNS, type UserRow } from './user-row';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /**
     * The data version (see db/versions.ts), read with the user in one statement;
     * empty on public routes.
     */
    dataVersion: string;
    /** The case work version (see db/versions.ts), read in the same statement. */
    activityVersion: string;
    /**
     * The provider whose patients alone this call may show (docs/behaviour.md section 14): a
     * provider's own while "providers see their own" is on, else null (not held). Read with the
     * user in the same statement, so a change of the setting or of their provider name applies
     * to the very next call.
     */
    heldTo: ProviderFilter;
    /** The signed-in call's session (caller/sessions.ts), which Logout ends; null when not signed in. */
    sessionId: string | null;
    /**
     * The setup token's row (caller/mfa-tokens.ts) when the call came with one rather than a
     * session: only routes marked `setupToken` take it.
     */
    setupTokenId: number | null;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue';
export const NO_ACCESS_RULE = 'This address is not available';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const sessionEnded = () => new HttpError(401, SESSION_ENDED, { code: 'session_ended' });

/**
 * The signed-in user's row, with the data version (a settings value, if any yet), the "providers
 * see their own" setting and the session's last use (ms since 1970) read in the same statement.
 */
export type SignedInRow = UserRow & {
  data_version: Row<typeof settings>['value'] | null;
  activity_version: Row<typeof settings>['value'] | null;
  own_only: boolean;
  seen_ms: number;
};
type FindSession = (sessionId: string) => Promise<SignedInRow | undefined>;

/**
 * Resolves the bearer token to its session and user as the database holds them now, or throws
 * 401. The row may come from a cache that is dropped on every write (see cacheUntilWrite), so it is
 * never stale; the idle limit is judged here, against the clock, not in the cached statement.
 */
export async function authenticate(
  findSession: FindSession,
  tokens: Tokens,
  header: string | undefined,
  idleMinutes: number,
  now: number,
): Promise<{ user: SignedInRow; sessionId: string }> {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw new HttpError(401, SIGN_IN_REQUIRED);
  const claims = await tokens.verify(match[1]);
  if (!claims) throw sessionEnded();
  const user = await findSession(claims.sessionId);
  // An ended session (signed out), a disabled or deleted account, or a changed password ends the
  // token at once.
  if (!user || user.id !== claims.userId || !user.is_active || user.token_version !== claims.version)
    throw sessionEnded();
  if (isIdle(user.seen_ms, now, idleMinutes))
    throw new HttpError(401, idleSignOutMessage(idleMinutes), { code: 'signed_out_idle' });
  return { user, sessionId: claims.sessionId };
}

/**
 * Access is decided from the route the router matched (its `access` config, see access.ts), never
 * from the URL text: the router decodes the path, so `/%61pi/...` reaches the same route as
 * `/api/...` and must meet the same rule. A route without a rule is refused.
 */
export function installGuard(
  app: FastifyInstance,
  db: Db,
  tokens: Tokens,
  { idleMinutes, now }: Pick<SessionLimits, 'idleMinutes' | 'now'>,
): void {
  // Every signed-in call reads its session and user; the dashboard also needs the data version, so
  // all come in one round trip to the database (on a PostgreSQL server that is most of a dashboard
  // call's cost). Raw SQL, as it runs on every call: no statement to build and no row to map again
  // each time. No row once the session has ended.
  const findSession = cacheUntilWrite(db, async (sessionId: string) => {
    const [row] = await db.query<SignedInRow>(
      `SELECT ${USER_COLUMNS}, ${DATA_VERSION_SQL} AS data_version, ${ACTIVITY_VERSION_SQL} AS activity_version,
         ${OWN_ONLY_SQL} AS own_only, s.seen_ms
       FROM users JOIN (
         SELECT user_id, (extract(epoch FROM last_seen_at) * 1000)::float8 AS seen_ms
         FROM sessions WHERE id = $1
       ) s ON s.user_id = users.id`,
      [sessionId],
    );
    return row;
  });
  // The last uses this process has written: a touch does not drop the cached read above (see
  // LEAVES_CACHED_READS in db/client.ts), so the read's own last use may be older than the one written since.
  const touched = new Map<string, number>();
  const findSessionSeen: FindSession = async (sessionId) => {
    const row = await findSession(sessionId);
    const mine = touched.get(sessionId);
    return row && mine !== undefined && mine > row.seen_ms ? { ...row, seen_ms: mine } : row;
  };
  // Calls that arrive together find the same stale last use: one write serves them all.
  const touching = new Map<string, Promise<void>>();
  const touch = (sessionId: string, at: number) => {
    let pending = touching.get(sessionId);
    if (!pending) {
      if (touched.size >= 10_000) touched.clear();
      touched.set(sessionId, at);
      pending = touchSession(db, sessionId, at).finally(() => touching.delete(sessionId));
      touching.set(sessionId, pending);
    }
    return pending;
  };
  const identify = async (req: FastifyRequest): Promise<SignedInRow> => {
    const at = now();
    const { user, sessionId } = await authenticate(
      findSessionSeen,
      tokens,
      req.headers.authorization,
      idleMinutes,
      at,
    );
    if (needsTouch(user.seen_ms, at)) {
      // On the embedded database a long transaction (an import, a backup) holds every statement
      // until it ends: the last use is then written behind it, and the call does not wait for it.
      const behind = db.busy();
      const pending = touch(sessionId, at);
      if (behind) pending.catch(() => {});
      else await pending;
    }
    req.sessionId = sessionId;
    return user;
  };

  // The setup token of a forced second-factor setup (docs/behaviour.md section 20): its user, read
  // as the guard reads a session's, once the token is found unused and unexpired.
  const findSetupUser = async (token: string, at: number) => {
    const found = await findMfaToken(db, token, 'setup', at);
    if (!found) throw new HttpError(401, MFA_TOKEN_EXPIRED, { code: 'mfa_token_expired' });
    const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND is_active`, [
      found.userId,
    ]);
    if (!row) throw new HttpError(401, MFA_TOKEN_EXPIRED, { code: 'mfa_token_expired' });
    return { user: row, tokenId: found.id };
  };
  const setupTokenOf = (req: FastifyRequest) => {
    const match = req.headers.authorization ? /^Bearer\s+(\S+)$/i.exec(req.headers.authorization) : null;
    return match?.[1].startsWith(SETUP_TOKEN_PREFIX) ? match[1] : null;
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('setupTokenId', null);
  app.decorateRequest('dataVersion', '');
  app.decorateRequest('activityVersion', '');
  app.decorateRequest('heldTo', null);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    // The not-found handler serves no data: a JSON 404, or the web app's index.html.
    if (req.is404) return;
    const { access, identifyIfSignedIn } = req.routeOptions.config;
    if (access === 'public') {
      if (identifyIfSignedIn && req.headers.authorization) req.user = await identify(req).catch(() => null);
      return;
    }
    if (access === undefined) throw new HttpError(403, NO_ACCESS_RULE);
    const setupToken = setupTokenOf(req);
    if (setupToken !== null) {
      // Good only where the route takes it; elsewhere a live one is told why, a dead one is 401.
      const { user, tokenId } = await findSetupUser(setupToken, now());
      if (!req.routeOptions.config.setupToken)
        throw new HttpError(403, MFA_SETUP_ONLY, { code: 'mfa_setup_pending' });
      req.user = user;
      req.setupTokenId = tokenId;
      return;
    }
    const user = await identify(req);
    req.user = user;
    req.dataVersion = user.data_version ?? '0';
    req.activityVersion = user.activity_version ?? '0';
    req.heldTo = heldProvider(user, user.own_only);
    if (access !== 'signed-in' && !access.roles.includes(user.role))
      throw new HttpError(403, access.forbidden);
  });
}

/** The signed-in user of a guarded route. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw new HttpError(401, SIGN_IN_REQUIRED);
  return req.user;
}

/** The session of a guarded route's call. */
export function currentSession(req: FastifyRequest): string {
  if (!req.sessionId) throw new HttpError(401, SIGN_IN_REQUIRED);
  return req.sessionId;
}
