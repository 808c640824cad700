import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mfaTokens } from '../db/schema';
import { newOneTimeToken, tokenHash } from '../platform/one-time-token';

export type MfaPurpose = 'login' | 'setup';

/** How long each lasts: the second step is quick; setting up an app on a phone takes longer. */
export const MFA_TOKEN_TTL_MS: Record<MfaPurpose, number> = { login: 5 * 60_000, setup: 15 * 60_000 };

/**
 * A setup token is sent as a bearer token, where the guard must tell it from a session's (a JWT,
 * which never starts so).
 */
export const SETUP_TOKEN_PREFIX = 'setup.';
const PREFIX: Record<MfaPurpose, string> = { login: 'mfa.', setup: SETUP_TOKEN_PREFIX };

export interface MfaTokenRow {
  id: number;
  userId: number;
  challenge: string | null;
}

/** Issues a token for the user; the user's lapsed ones go. */
export async function issueMfaToken(
  db: Tx,
  userId: number,
  purpose: MfaPurpose,
  now: number,
): Promise<string> {
  await db.orm
    .delete(mfaTokens)
    .where(
      and(
        eq(mfaTokens.userId, userId),
        or(lt(mfaTokens.expiresAt, new Date(now)), isNotNull(mfaTokens.usedAt)),
      ),
    );
  const token = `${PREFIX[purpose]}${newOneTimeToken()}`;
  await db.orm.insert(mfaTokens).values({
    tokenHash: tokenHash(token),
    userId,
    purpose,
    expiresAt: new Date(now + MFA_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** The token's row while it is unused and unexpired, for this purpose only. */
export async function findMfaToken(
  db: Tx,
  token: string,
  purpose: MfaPurpose,
  now: number,
): Promise<MfaTokenRow | undefined> {
  const [row] = await db.orm
    .select({ id: mfaTokens.id, userId: mfaTokens.userId, challenge: mfaTokens.challenge })
    .from(mfaTokens)
    .where(
      and(
        eq(mfaTokens.tokenHash, tokenHash(token)),
        eq(mfaTokens.purpose, purpose),
        isNull(mfaTokens.usedAt),
        gt(mfaTokens.expiresAt, new Date(now)),
      ),
    );
  return row;
}

/** Marks the token used; false when another completion got there first (one completion only). */
export async function spendMfaToken(db: Tx, id: number, now: number): Promise<boolean> {
  const used = await db.orm
    .update(mfaTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(mfaTokens.id, id), isNull(mfaTokens.usedAt), gt(mfaTokens.expiresAt, new Date(now))))
    .returning({ id: mfaTokens.id });
  return used.length > 0;
}

/** Keeps the WebAuthn challenge of a passkey sign-in with its token. */
export async function setMfaChallenge(db: Tx, id: number, challenge: string): Promise<void> {
  await db.orm.update(mfaTokens).set({ challenge }).where(eq(mfaTokens.id, id));
}

/** Ends every token of a user (an admin turned their second factor off). */
export async function dropMfaTokensOf(db: Tx, userId: number): Promise<void> {
  await db.orm.delete(mfaTokens).where(eq(mfaTokens.userId, userId));
}
