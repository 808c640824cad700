/**
 * Single sign-on with OpenID Connect (docs/behaviour.md section 20, docs/security.md): the
 * authorization code flow with PKCE, state and nonce. The flow's state lives in the database
 * (store.ts), so any app process may take the callback; the outcome goes to the web app under a
 * one-time ticket, never as a token in the address.
 */

import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { SSO_LANDING_PATH, SSO_TICKET_PARAM } from '../../common/api/sso';
import { recordAudit } from '../audit/service';
import { afterFirstFactor } from '../auth';
import type { SessionLimits } from '../caller/sessions';
import { USER, type UserRow } from '../caller/user-row';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { OidcSettings } from '../platform/env';
import type { Tokens } from '../platform/tokens';
import { emailOfClaims } from './email-claim';
import type { Issuer } from './issuer';
import {
  type Outcome,
  pruneExpired,
  type Refusal,
  saveFlow,
  saveTicket,
  takeFlow,
  takeTicket,
} from './store';

export const CALLBACK_PATH = '/api/auth/oidc/callback';
const SCOPE = 'openid email profile';

export interface SsoDeps {
  db: Db;
  tokens: Tokens;
  limits: SessionLimits;
  settings: OidcSettings;
  issuer: Issuer;
  appUrl: string;
  log: FastifyBaseLogger;
}

export const noAccountMessage = (email: string) => `No active account for ${email}: ask an administrator`;
export const STATE_INVALID =
  'This single sign-on was not started here, took longer than 10 minutes or was already used: sign in again';
export const TICKET_INVALID = 'This sign-in has expired or was already used: sign in again';

const refusals = {
  stateInvalid: (): Refusal => ({ status: 401, code: 'sso_state_invalid', message: STATE_INVALID }),
  unavailable: (name: string): Refusal => ({
    status: 502,
    code: 'sso_unavailable',
    message: `The sign-in service of ${name} could not be reached: try again, or ask an administrator`,
  }),
  failed: (name: string, why: string): Refusal => ({
    status: 401,
    code: 'sso_failed',
    message: `The sign-in with ${name} could not be completed: ${why}`,
  }),
  noEmail: (name: string): Refusal => ({
    status: 403,
    code: 'sso_no_email',
    message: `${name} sent no e-mail address for you: ask an administrator`,
  }),
  unverified: (name: string, email: string): Refusal => ({
    status: 403,
    code: 'sso_email_unverified',
    message: `${name} has not verified the e-mail address ${email}: ask an administrator`,
  }),
  noAccount: (email: string): Refusal => ({
    status: 403,
    code: 'sso_no_account',
    message: noAccountMessage(email),
  }),
};

const landing = (appUrl: string, ticket: string) =>
  `${appUrl}${SSO_LANDING_PATH}?${SSO_TICKET_PARAM}=${encodeURIComponent(ticket)}`;

/** The address of the identity provider's sign-in, with this flow's PKCE challenge, state and nonce. */
export async function start(deps: SsoDeps, ip: string, now: number): Promise<string> {
  const { db, settings, issuer, appUrl } = deps;
  await pruneExpired(db, now);
  let config: client.Configuration;
  try {
    config = await issuer.configuration();
  } catch {
    // Sent to the sign-in screen like any refusal, which says it in words.
    return landing(appUrl, await refuse(deps, refusals.unavailable(settings.name), null, ip, now));
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await saveFlow(db, state, { codeVerifier, nonce }, now);
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: `${appUrl}${CALLBACK_PATH}`,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/** Audits a refusal and keeps it under a ticket for the sign-in screen to show. */
async function refuse(
  deps: SsoDeps,
  refusal: Refusal,
  email: string | null,
  ip: string,
  now: number,
  user: Pick<UserRow, 'id' | 'username'> | null = null,
): Promise<string> {
  await recordAudit(
    deps.db,
    { id: user?.id ?? null, username: user?.username ?? null, ip },
    'login_sso_refused',
    email ? { reason: refusal.code, email } : { reason: refusal.code },
  );
  return saveTicket(deps.db, { refusal }, now);
}

/** The active user with this e-mail address, without regard to case; null when none. */
async function activeUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.orm.select(USER).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return row?.is_active ? row : null;
}

/**
 * The identity provider sends the browser back here. Every check is made before anything but the
 * audit row and the ticket is written; either way the browser goes to the sign-in screen with a
 * ticket. `search` is the callback's query string as sent (`?code=...&state=...`).
 */
export async function callback(
  deps: SsoDeps,
  query: { state?: string; error?: string },
  search: string,
  ip: string,
  now: number,
): Promise<string> {
  const outcome = await checkCallback(deps, query, search, now);
  const ticket =
    'refusal' in outcome.result
      ? await refuse(deps, outcome.result.refusal, outcome.email, ip, now, outcome.user)
      : await saveTicket(deps.db, outcome.result, now);
  return landing(deps.appUrl, ticket);
}

async function checkCallback(
  deps: SsoDeps,
  query: { state?: string; error?: string },
  search: string,
  now: number,
): Promise<{ result: Outcome; email: string | null; user: UserRow | null }> {
  const { db, settings, issuer, appUrl, log } = deps;
  const refused = (refusal: Refusal, email: string | null = null, user: UserRow | null = null) => ({
    result: { refusal },
    email,
    user,
  });
  // The state is taken first, whatever else the callback says, so it is good for one answer only.
  const flow = query.state ? await takeFlow(db, query.state, now) : null;
  if (!flow) return refused(refusals.stateInvalid());
  if (query.error) return refused(refusals.failed(settings.name, `it answered ${query.error.slice(0, 100)}`));
  let config: client.Configuration;
  try {
    config = await issuer.configuration();
  } catch {
    return refused(refusals.unavailable(settings.name));
  }
  let claims: Record<string, unknown> | undefined;
  try {
    const answer = await client.authorizationCodeGrant(
      config,
      new URL(`${appUrl}${CALLBACK_PATH}${search}`),
      {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: query.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      },
    );
    claims = answer.claims();
  } catch (err) {
    // The library's words name the check that failed (an used code, a wrong nonce), never the
    // code or a token; they go to the log, and the person is told it did not work.
    log.warn(`Single sign-on refused: ${(err as Error).message}`);
    const unreachable = err instanceof TypeError;
    return refused(
      unreachable
        ? refusals.unavailable(settings.name)
        : refusals.failed(settings.name, 'its answer did not pass the checks'),
    );
  }
  const email = emailOfClaims(claims ?? {});
  if (!email.ok)
    return email.reason === 'sso_no_email'
      ? refused(refusals.noEmail(settings.name))
      : refused(refusals.unverified(settings.name, email.email), email.email);
  const user = await activeUserByEmail(db, email.email);
  if (!user) return refused(refusals.noAccount(email.email), email.email);
  return { result: { userId: user.id }, email: email.email, user };
}

/**
 * The web app takes its ticket: the sign-in's answer, or the refusal it holds as an error. The
 * account is read again, as it may have been disabled since the callback.
 */
export async function complete(
  deps: SsoDeps,
  ticket: string,
  context: { ip: string; userAgent: string | null },
  now: number,
) {
  const { db, settings } = deps;
  const outcome = await takeTicket(db, ticket, now);
  if (!outcome) {
    await recordAudit(db, { id: null, username: null, ip: context.ip }, 'login_sso_refused', {
      reason: 'sso_ticket_invalid',
    });
    throw new HttpError(401, TICKET_INVALID, { code: 'sso_ticket_invalid' });
  }
  if ('refusal' in outcome) {
    const { status, message, code } = outcome.refusal;
    throw new HttpError(status, message, { code });
  }
  const [user] = await db.orm.select(USER).from(users).where(eq(users.id, outcome.userId));
  if (!user?.is_active) {
    const refusal = refusals.noAccount(user?.email ?? 'this account');
    await recordAudit(
      db,
      { id: user?.id ?? null, username: user?.username ?? null, ip: context.ip },
      'login_sso_refused',
      {
        reason: refusal.code,
        ...(user?.email && { email: user.email }),
      },
    );
    throw new HttpError(refusal.status, refusal.message, { code: refusal.code });
  }
  // Signed in as a password would end: the second step, or its setup, unless the organization's
  // own second factor is trusted (OIDC_TRUSTED_MFA).
  return afterFirstFactor(deps, user, { ...context, secondFactorDone: settings.trustedMfa, method: 'sso' });
}
