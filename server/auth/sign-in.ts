/**
 * What a sign-in answers once its first factor is proven (docs/behaviour.md section 20): a
 * session, or the second step asked for, or the forced setup of an authenticator app. Every way in
 * (a password, a code, a passkey, an organization's sign-in) ends here.
 */
import { eq, sql } from 'drizzle-orm';
import type { LoginAnswer, LoginResponse } from '../../common/api/auth';
import { recordAudit } from '../audit/service';
import { issueMfaToken } from '../caller/mfa-tokens';
import { type SessionLimits, type SignInPlace, startSession } from '../caller/sessions';
import { toPublicUser, USER, type UserRow } from '../caller/user-row';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import type { SecretBox } from '../platform/secret-box';
import type { Tokens } from '../platform/tokens';
import type { RelyingParty } from './relying-party';
import { methodsOf } from './second-factor';
import { readMfaRequiredFor, requiresMfa } from './security-setting';

export interface SignInDeps {
  db: Db;
  tokens: Tokens;
  /** The sessions' lifetimes and the clock (also the clock codes and tokens are judged by). */
  limits: SessionLimits;
  /** Seals the authenticator apps' secrets (platform/secret-box.ts, purpose totp-secret). */
  box: SecretBox;
  relyingParty: RelyingParty;
}

export interface FirstFactor extends SignInPlace {
  /** The first factor counts as the second too (an organization's sign-in with OIDC_TRUSTED_MFA). */
  secondFactorDone: boolean;
  /** Said in the sign-in's audit event: how the user got in (password, oidc, totp, ...). */
  method?: string;
}

/** The user's row as the services read it; undefined when there is none of that id. */
export async function userById(db: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.orm.select(USER).from(users).where(eq(users.id, id));
  return row;
}

/** Opens a session for a fully signed-in user: the audit event, the last sign-in, the token. */
export async function openSession(
  deps: Pick<SignInDeps, 'db' | 'tokens' | 'limits'>,
  tx: Tx,
  user: UserRow,
  place: SignInPlace,
  method: string,
): Promise<LoginResponse> {
  const [updated] = await tx.orm
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, user.id))
    .returning(USER);
  const sessionId = await startSession(tx, user.id, deps.limits, place);
  await recordAudit(tx, { id: user.id, username: user.username, ip: place.ip }, 'login', { method });
  const token = await deps.tokens.sign({ userId: user.id, version: updated.token_version, sessionId });
  return { success: true, token, user: toPublicUser(updated) };
}

/**
 * The answer once a user's first factor is proven (an active user): a session when the second is
 * done or there is none to ask for; `mfa_required` with a login token when the user has one;
 * `mfa_setup_required` with a setup token when the admins' setting covers them and they have none.
 */
export async function afterFirstFactor(
  deps: Pick<SignInDeps, 'db' | 'tokens' | 'limits'>,
  user: UserRow,
  first: FirstFactor,
): Promise<LoginAnswer> {
  const { db, limits } = deps;
  const place = { ip: first.ip, userAgent: first.userAgent };
  const method = first.method ?? 'password';
  if (first.secondFactorDone) return db.transaction((tx) => openSession(deps, tx, user, place, method));
  const methods = await methodsOf(db, user.id);
  if (methods.length > 0)
    return {
      success: true,
      mfa_required: true,
      mfa_token: await issueMfaToken(db, user.id, 'login', limits.now()),
      methods,
    };
  if (requiresMfa(await readMfaRequiredFor(db), user.role))
    return {
      success: true,
      mfa_setup_required: true,
      setup_token: await issueMfaToken(db, user.id, 'setup', limits.now()),
    };
  return db.transaction((tx) => openSession(deps, tx, user, place, method));
}
