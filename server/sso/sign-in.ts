import { eq, sql } from 'drizzle-orm';
import type { LoginResponse } from '../../common/api/auth';
import { recordAudit } from '../audit/service';
import { type SessionLimits, startSession } from '../caller/sessions';
import { toPublicUser, USER, type UserRow } from '../caller/user-row';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Tokens } from '../platform/tokens';

export interface SignInDeps {
  db: Db;
  tokens: Tokens;
  limits: SessionLimits;
}

export interface SignInContext {
  ip: string;
  userAgent: string | null;
  /**
   * The identity provider's sign-in counts as the second factor (OIDC_TRUSTED_MFA=true); else a
   * user with a second factor, or whom the admins' setting covers, still owes one.
   */
  secondFactorDone: boolean;
}

/**
 * A user whose identity the identity provider has vouched for is signed in here, exactly as a
 * password sign-in ends (server/auth/service.ts `login`): last sign-in time, a session, the audit
 * row, a token. This is the one place the second factor applies to single sign-on: once two-step
 * sign-in exists, this becomes `afterFirstFactor(deps, user, context)`, which answers the session
 * token, or `mfa_required`, or `mfa_setup_required` as a password sign-in would.
 */
export async function signInVerified(
  { db, tokens, limits }: SignInDeps,
  user: UserRow,
  context: SignInContext,
): Promise<LoginResponse> {
  const [updated] = await db.orm
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, user.id))
    .returning(USER);
  const sessionId = await startSession(db, user.id, limits);
  await recordAudit(db, { id: user.id, username: user.username, ip: context.ip }, 'login', { method: 'sso' });
  const token = await tokens.sign({ userId: user.id, version: user.token_version, sessionId });
  return { success: true, token, user: toPublicUser(updated) };
}
