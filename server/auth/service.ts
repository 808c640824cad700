import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type LoginAnswer, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '../../common/api/auth';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { endSession, endSessionsOf, type SignInPlace } from '../caller/sessions';
import { toPublicUser, USER, type UserRow } from '../caller/user-row';
import type { Db } from '../db/client';
import { resetTokens, users } from '../db/schema';
import { fieldError, HttpError } from '../http/errors';
import type { Env } from '../platform/env';
import { newOneTimeToken, tokenHash } from '../platform/one-time-token';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../platform/password';
import type { ResetMailer } from '../platform/reset-mailer';
import type { Tokens } from '../platform/tokens';
import { afterFirstFactor, type SignInDeps } from './sign-in';
import { beginAttempt, clearFailures, forgetAttempt, pruneFailures, tooManyAttempts } from './throttle';

export const INVALID_LOGIN = 'Invalid username or password';
export const RESET_SENT = 'If that email belongs to an account, a password reset link has been sent.';
export const PASSWORD_CHANGED = 'Your password has been changed';
export const INVALID_RESET =
  'This reset link is invalid or has expired. Please request a new password reset.';
const RESET_TTL_MINUTES = 60;

const wrongCurrentPassword = () => fieldError('current_password', WRONG_CURRENT_PASSWORD, 'wrong_password');

/**
 * The password step of a sign-in. A right password answers as afterFirstFactor decides (sign-in.ts):
 * a session, or the second step, or the forced setup. While a second step is awaited the failures
 * counted so far stay: a known password must not reset the count of wrong codes.
 */
export async function login(
  deps: SignInDeps,
  username: string,
  password: string,
  place: SignInPlace,
): Promise<LoginAnswer> {
  const { db } = deps;
  const { ip } = place;
  const key = username.trim().toLowerCase();
  const attempt = await beginAttempt(db, key, ip);
  if (attempt.lockedMs > 0) {
    await recordAudit(db, { id: null, username: username.trim(), ip }, 'login_locked', { by: attempt.by });
    throw tooManyAttempts(attempt);
  }
  const [row] = await db.orm.select(USER).from(users).where(sql`lower(${users.username}) = ${key}`);
  let valid = false;
  if (row) valid = await verifyPassword(password, row.password_hash);
  else await burnPasswordCheck(password);
  if (!row || !valid) {
    await pruneFailures(db, key);
    await recordAudit(db, { id: row?.id ?? null, username: username.trim(), ip }, 'login_failed');
    throw new HttpError(401, INVALID_LOGIN, { code: 'wrong_credentials' });
  }
  if (!row.is_active) {
    await forgetAttempt(db, attempt.id);
    await recordAudit(db, { id: row.id, username: row.username, ip }, 'login_refused_disabled');
    throw new HttpError(403, 'Account is disabled', { code: 'account_disabled' });
  }
  const answer = await afterFirstFactor(deps, row, { ...place, secondFactorDone: false });
  if ('mfa_required' in answer) await forgetAttempt(db, attempt.id);
  else await clearFailures(db, key);
  return answer;
}

/**
 * Ends the calling token's session (Logout, the web app's automatic logoff): the token stops
 * working at once, in every app process. The guard has just found the session, so it is live.
 */
export async function logout(db: Db, user: UserRow, sessionId: string, ip: string, reason?: 'idle') {
  if (await endSession(db, sessionId))
    await recordAudit(db, { id: user.id, username: user.username, ip }, 'logout', reason ? { reason } : null);
  return { success: true as const };
}

/**
 * Always answers the same way, whether or not the email is known, and does the same database work
 * either way (one statement that finds the account and stores the token, one audit row), so the
 * time taken does not tell either.
 */
export async function requestPasswordReset(
  db: Db,
  env: Env,
  mailer: ResetMailer | null,
  log: FastifyBaseLogger,
  email: string,
  ip: string,
): Promise<{ success: true; message: string; token?: string }> {
  const token = newOneTimeToken();
  // Raw: finding the account and storing its token is one statement (a data-modifying WITH), so
  // the work is the same whether or not the account exists.
  const [row] = await db.query<Pick<UserRow, 'id' | 'username'> & { email: string }>(
    `WITH account AS (SELECT id, username, email FROM users WHERE lower(email) = lower($1) AND is_active),
     stored AS (
       INSERT INTO reset_tokens (user_id, token_hash, expires_at)
       SELECT id, $2, now() + interval '${RESET_TTL_MINUTES} minutes' FROM account RETURNING user_id
     )
     SELECT account.id, account.username, account.email FROM account JOIN stored ON stored.user_id = account.id`,
    [email, tokenHash(token)],
  );
  await recordAudit(
    db,
    { id: row?.id ?? null, username: row?.username ?? null, ip },
    'password_reset_requested',
    row ? null : { account: false },
  );
  if (!row) return { success: true, message: RESET_SENT };
  const link = `${env.appUrl}/?token=${encodeURIComponent(token)}`;
  if (mailer) {
    // Sent after answering: neither a mail failure nor the time a mail server takes may tell the
    // caller that this address belongs to an account. The failure is logged without the link.
    mailer.send(row.email, link).catch((err: unknown) => {
      log.error(`Could not send the password reset mail for ${row.username}: ${(err as Error).message}`);
    });
  }
  // With no mail server, the log is the one place the link may appear (docs/behaviour.md section 8).
  else log.warn(`Password reset link for ${row.username} (no SMTP_URL set): ${link}`);
  return env.resetTokenInResponse
    ? { success: true, message: RESET_SENT, token }
    : { success: true, message: RESET_SENT };
}

export async function resetPassword(db: Db, token: string, password: string, ip: string) {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [found] = await tx.orm
      .select({ id: resetTokens.id, user_id: resetTokens.userId, username: users.username })
      .from(resetTokens)
      .innerJoin(users, eq(users.id, resetTokens.userId))
      .where(
        and(
          eq(resetTokens.tokenHash, tokenHash(token)),
          isNull(resetTokens.usedAt),
          gt(resetTokens.expiresAt, sql`now()`),
        ),
      )
      .for('update', { of: resetTokens });
    if (!found) throw new HttpError(400, INVALID_RESET, { code: 'invalid_reset_link' });
    await tx.orm
      .update(resetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(resetTokens.userId, found.user_id), isNull(resetTokens.usedAt)));
    await tx.orm
      .update(users)
      .set({ passwordHash: hash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, found.user_id));
    await endSessionsOf(tx, found.user_id);
    await clearFailures(tx, found.username.toLowerCase());
    const actor: Actor = { id: found.user_id, username: found.username, ip };
    await recordAudit(tx, actor, 'password_reset');
  });
  return { success: true as const, message: 'Your password has been reset. You can now sign in.' };
}

/**
 * A signed-in user changes their own password (docs/behaviour.md section 8). A wrong current
 * password counts as a failed sign-in for the username (throttle.ts), so a session left open
 * cannot be used to guess it. Every other session of the user ends (and the token version moves
 * on, which ends every token issued so far); this session carries on with the new token in the
 * answer.
 */
export async function changePassword(
  db: Db,
  tokens: Tokens,
  user: UserRow,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
  ip: string,
) {
  if (newPassword === currentPassword) throw fieldError('new_password', SAME_PASSWORD, 'same_password');
  const key = user.username.toLowerCase();
  const actor: Actor = { id: user.id, username: user.username, ip };
  const attempt = await beginAttempt(db, key, ip);
  if (attempt.lockedMs > 0) {
    await recordAudit(db, actor, 'password_change_locked', { by: attempt.by });
    throw tooManyAttempts(attempt);
  }
  // Checked before the transaction: the slow hash would hold it open (and, on the embedded
  // database, every other statement with it).
  if (!(await verifyPassword(currentPassword, user.password_hash))) {
    await pruneFailures(db, key);
    await recordAudit(db, actor, 'password_change_failed');
    throw wrongCurrentPassword();
  }
  const hash = await hashPassword(newPassword);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.orm
      .update(users)
      .set({ passwordHash: hash, tokenVersion: sql`${users.tokenVersion} + 1` })
      // Only over the hash just checked: a change or reset that came in meanwhile wins, and the
      // password given is then no longer the current one.
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.password_hash), eq(users.isActive, true)))
      .returning(USER);
    if (!row) throw wrongCurrentPassword();
    await endSessionsOf(tx, user.id, sessionId);
    await clearFailures(tx, key);
    await recordAudit(tx, actor, 'password_changed');
    return row;
  });
  return {
    success: true as const,
    message: PASSWORD_CHANGED,
    token: await tokens.sign({ userId: updated.id, version: updated.token_version, sessionId }),
    user: toPublicUser(updated),
  };
}
