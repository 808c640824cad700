/**
 * The caller's own authenticator app (docs/behaviour.md section 20): set up, confirm, turn off,
 * and what the Security page shows; an admin turning another user's second factor off.
 */
import { eq } from 'drizzle-orm';
import { MFA_TOKEN_EXPIRED } from '../../common/api/auth';
import { WRONG_CODE } from '../../common/api/mfa';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { dropMfaTokensOf, spendMfaToken } from '../caller/mfa-tokens';
import { endSessionsOf, type SignInPlace } from '../caller/sessions';
import type { UserRow } from '../caller/user-row';
import { passkeys, recoveryCodes, userTotp } from '../db/schema';
import { fieldError, HttpError } from '../http/errors';
import { verifyPassword } from '../platform/password';
import { listPasskeys } from './passkeys';
import {
  dropTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  sealedSecretOf,
  secretUnreadable,
  takeCode,
} from './second-factor';
import { openSession, type SignInDeps, userById } from './sign-in';
import { beginAttempt, clearFailures, pruneFailures, tooManyAttempts } from './throttle';
import { newTotpSecret, otpauthUrl, totpStep } from './totp';

const wrongCode = (status: 400 | 401 = 400) =>
  status === 400
    ? fieldError('code', WRONG_CODE, 'wrong_code')
    : new HttpError(401, WRONG_CODE, { code: 'wrong_code' });

export { wrongCode };

export async function mfaStatus(db: SignInDeps['db'], user: UserRow) {
  const on = (await sealedSecretOf(db, user.id)) !== null;
  return {
    success: true as const,
    totp: on,
    passkeys: await listPasskeys(db, user.id),
    recovery_codes_left: on ? await recoveryCodesLeft(db, user.id) : 0,
  };
}

/** A new secret, kept pending (sealed) until a code from it confirms it; answered this once. */
export async function setupTotp({ db, box }: SignInDeps, user: UserRow) {
  if (await sealedSecretOf(db, user.id))
    throw new HttpError(409, 'The authenticator app is already on: turn it off first to set up another', {
      code: 'mfa_already_enabled',
    });
  const secret = newTotpSecret();
  const pendingSealed = await box.seal(secret);
  await db.orm
    .insert(userTotp)
    .values({ userId: user.id, pendingSealed })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSealed } });
  return { success: true as const, secret, otpauth_url: otpauthUrl(user.username, secret) };
}

/**
 * Turns the pending secret on when the code is right, with ten new recovery codes. Called with the
 * setup token of a forced setup, it also opens the session that sign-in was waiting for.
 */
export async function confirmTotp(
  deps: SignInDeps,
  user: UserRow,
  code: string,
  setupTokenId: number | null,
  place: SignInPlace,
) {
  const { db, box, limits } = deps;
  const now = limits.now();
  const [row] = await db.orm
    .select({ pending: userTotp.pendingSealed })
    .from(userTotp)
    .where(eq(userTotp.userId, user.id));
  if (!row?.pending)
    throw new HttpError(400, 'Set up the authenticator app first: there is no setup to confirm', {
      code: 'no_pending_setup',
    });
  const secret = await box.open(row.pending);
  if (secret === null) throw secretUnreadable();
  const step = totpStep(secret, code, now);
  if (step === null) throw wrongCode();
  const actor: Actor = { id: user.id, username: user.username, ip: place.ip };
  return db.transaction(async (tx) => {
    const [turnedOn] = await tx.orm
      .update(userTotp)
      .set({ secretSealed: row.pending, pendingSealed: null, lastStep: step, enabledAt: new Date(now) })
      .where(eq(userTotp.userId, user.id))
      .returning({ userId: userTotp.userId });
    if (!turnedOn) throw wrongCode();
    const recovery_codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, actor, 'mfa_enabled');
    if (setupTokenId === null) return { success: true as const, recovery_codes };
    if (!(await spendMfaToken(tx, setupTokenId, now)))
      throw new HttpError(401, MFA_TOKEN_EXPIRED, { code: 'mfa_token_expired' });
    const signedIn = await openSession(deps, tx, user, place, 'totp_setup');
    return { success: true as const, recovery_codes, token: signedIn.token, user: signedIn.user };
  });
}

/**
 * The caller turns their authenticator app off, proving it with the password and a code. Wrong
 * ones count as failed sign-ins (throttle.ts), so a session left open cannot be used to guess.
 */
export async function turnOffTotp(
  { db, box, limits }: SignInDeps,
  user: UserRow,
  password: string,
  code: string,
  ip: string,
) {
  const actor: Actor = { id: user.id, username: user.username, ip };
  if (!(await sealedSecretOf(db, user.id)))
    throw new HttpError(400, 'The authenticator app is not on', { code: 'mfa_not_enabled' });
  const key = user.username.toLowerCase();
  const attempt = await beginAttempt(db, key, ip);
  if (attempt.lockedMs > 0) throw tooManyAttempts(attempt);
  const fail = async (err: HttpError) => {
    await pruneFailures(db, key);
    await recordAudit(db, actor, 'mfa_disable_failed');
    return err;
  };
  if (!(await verifyPassword(password, user.password_hash)))
    throw await fail(fieldError('password', 'Password is incorrect', 'wrong_password'));
  if (!(await takeCode(db, box, user.id, code, limits.now())).ok) throw await fail(wrongCode());
  await db.transaction(async (tx) => {
    await dropTotp(tx, user.id);
    await clearFailures(tx, key);
    await recordAudit(tx, actor, 'mfa_disabled');
  });
  return { success: true as const };
}

/** An admin turns a user's second factor off (app, recovery codes, passkeys); their sessions end. */
export async function turnOffFor({ db }: SignInDeps, actor: Actor, userId: number) {
  const user = await userById(db, userId);
  if (!user) throw new HttpError(404, 'User not found', { code: 'user_not_found' });
  await db.transaction(async (tx) => {
    await tx.orm.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.orm.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.orm.delete(passkeys).where(eq(passkeys.userId, userId));
    await dropMfaTokensOf(tx, userId);
    await endSessionsOf(tx, userId);
    await recordAudit(tx, actor, 'mfa_reset_by_admin', { user_id: userId, username: user.username });
  });
  return { success: true as const };
}
