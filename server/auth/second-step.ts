/**
 * The second step of a sign-in (docs/behaviour.md section 20): the login token from the password
 * step and a code (TOTP or recovery) or a passkey's assertion. A wrong one is a failed sign-in for
 * the username (throttle.ts: five in 15 minutes lock it) and leaves the token usable; a right one
 * uses the token, once, and opens the session.
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import { type LoginResponse, MFA_TOKEN_EXPIRED } from '../../common/api/auth';
import { WRONG_CODE } from '../../common/api/mfa';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { findMfaToken, type MfaTokenRow, setMfaChallenge, spendMfaToken } from '../caller/mfa-tokens';
import type { SignInPlace } from '../caller/sessions';
import type { UserRow } from '../caller/user-row';
import type { Tx } from '../db/client';
import { passkeys } from '../db/schema';
import { HttpError } from '../http/errors';
import { credentialsOf, passkeyRefused } from './passkeys';
import { takeCode } from './second-factor';
import { openSession, type SignInDeps, userById } from './sign-in';
import {
  type Attempt,
  beginAttempt,
  clearFailures,
  forgetAttempt,
  pruneFailures,
  tooManyAttempts,
} from './throttle';

const expired = () => new HttpError(401, MFA_TOKEN_EXPIRED, { code: 'mfa_token_expired' });

/** The login token's row and its user, active; else the precise refusal. */
async function pending(deps: SignInDeps, mfaToken: string): Promise<{ token: MfaTokenRow; user: UserRow }> {
  const token = await findMfaToken(deps.db, mfaToken, 'login', deps.limits.now());
  if (!token) throw expired();
  const user = await userById(deps.db, token.userId);
  if (!user) throw expired();
  if (!user.is_active) throw new HttpError(403, 'Account is disabled', { code: 'account_disabled' });
  return { token, user };
}

/** Counts the attempt before anything is checked, as the password step does; 429 while locked. */
async function attemptFor(deps: SignInDeps, actor: Actor & { username: string }): Promise<Attempt> {
  const attempt = await beginAttempt(deps.db, actor.username.toLowerCase(), actor.ip ?? '');
  if (attempt.lockedMs > 0) {
    await recordAudit(deps.db, actor, 'mfa_login_locked', { by: attempt.by });
    throw tooManyAttempts(attempt);
  }
  return attempt;
}

/** A failed second step: the attempt stays as a failure, audited. */
async function failed(deps: SignInDeps, actor: Actor & { username: string }, method: string, err: HttpError) {
  await pruneFailures(deps.db, actor.username.toLowerCase());
  await recordAudit(deps.db, actor, 'mfa_login_failed', { method });
  return err;
}

/** Uses the token and opens the session in one transaction; a token used meanwhile is 401. */
async function complete(
  deps: SignInDeps,
  token: MfaTokenRow,
  user: UserRow,
  place: SignInPlace,
  method: string,
  attempt: Attempt,
  before?: (tx: Tx) => Promise<void>,
): Promise<LoginResponse> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await spendMfaToken(tx, token.id, deps.limits.now()))) throw expired();
      await before?.(tx);
      await clearFailures(tx, user.username.toLowerCase());
      return openSession(deps, tx, user, place, method);
    });
  } catch (err) {
    await forgetAttempt(deps.db, attempt.id);
    throw err;
  }
}

export async function completeWithCode(
  deps: SignInDeps,
  mfaToken: string,
  code: string,
  place: SignInPlace,
): Promise<LoginResponse> {
  const { token, user } = await pending(deps, mfaToken);
  const actor = { id: user.id, username: user.username, ip: place.ip };
  const attempt = await attemptFor(deps, actor);
  // Taken in its own statement: a code is good once even if the token was used meanwhile.
  const check = await takeCode(deps.db, deps.box, user.id, code, deps.limits.now());
  if (!check.ok)
    throw await failed(deps, actor, 'code', new HttpError(401, WRONG_CODE, { code: 'wrong_code' }));
  return complete(deps, token, user, place, check.method, attempt, async (tx) => {
    if (check.method === 'recovery') await recordAudit(tx, actor, 'recovery_code_used', { left: check.left });
  });
}

/** The options for a passkey sign-in; the challenge is kept with the login token. */
export async function passkeySignInOptions(deps: SignInDeps, mfaToken: string) {
  const { token, user } = await pending(deps, mfaToken);
  const allowCredentials = await credentialsOf(deps.db, user.id);
  if (allowCredentials.length === 0)
    throw passkeyRefused(400, 'this account has no passkey; use a code from the authenticator app');
  const options = await generateAuthenticationOptions({
    rpID: deps.relyingParty.id,
    allowCredentials,
    userVerification: 'preferred',
  });
  await setMfaChallenge(deps.db, token.id, options.challenge);
  // Spread: the contract types the options as a plain object, which an interface is not.
  return { success: true as const, options: { ...options } };
}

export async function completeWithPasskey(
  deps: SignInDeps,
  mfaToken: string,
  response: AuthenticationResponseJSON,
  place: SignInPlace,
): Promise<LoginResponse> {
  const { token, user } = await pending(deps, mfaToken);
  if (!token.challenge) throw passkeyRefused(400, 'ask for the passkey options first');
  const actor = { id: user.id, username: user.username, ip: place.ip };
  const attempt = await attemptFor(deps, actor);
  // A challenge answers one assertion: a failed one needs new options.
  await deps.db.query('UPDATE mfa_tokens SET challenge = NULL WHERE id = $1', [token.id]);
  const [key] = await deps.db.orm
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.userId, user.id)));
  if (!key)
    throw await failed(
      deps,
      actor,
      'passkey',
      new HttpError(401, 'This passkey is not registered to this account', { code: 'passkey_unknown' }),
    );
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: token.challenge,
      expectedOrigin: deps.relyingParty.origin,
      expectedRPID: deps.relyingParty.id,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: false,
    });
    if (!verified.verified) throw new Error('the signature does not verify');
    newCounter = verified.authenticationInfo.newCounter;
  } catch (err) {
    throw await failed(deps, actor, 'passkey', passkeyRefused(401, (err as Error).message));
  }
  return complete(deps, token, user, place, 'passkey', attempt, async (tx) => {
    await tx.orm
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: new Date(deps.limits.now()) })
      .where(eq(passkeys.id, key.id));
  });
}
