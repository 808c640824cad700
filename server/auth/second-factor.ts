/**
 * A user's second factor as stored (docs/behaviour.md section 20): the authenticator app's secret
 * (sealed), the step of its last accepted code, and the recovery codes (hashed). Checking a code
 * takes it: a TOTP code moves the last step on, a recovery code is marked used, each in one
 * conditional statement, so two requests with the same code cannot both pass.
 */
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { MfaMethod } from '../../common/api/auth';
import type { Tx } from '../db/client';
import { passkeys, recoveryCodes, userTotp } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SecretBox } from '../platform/secret-box';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { totpStep } from './totp';

export const secretUnreadable = () =>
  new HttpError(
    409,
    "The authenticator app's secret cannot be opened with this server's key (SYNC_KEY or the data folder's sync.key). An admin can turn this user's second factor off.",
    { code: 'mfa_secret_unreadable' },
  );

/** The confirmed secret's sealed text, or null when the authenticator app is off. */
export async function sealedSecretOf(db: Tx, userId: number): Promise<string | null> {
  const [row] = await db.orm
    .select({ sealed: userTotp.secretSealed })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  return row?.sealed ?? null;
}

export async function recoveryCodesLeft(db: Tx, userId: number): Promise<number> {
  const [row] = await db.orm
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row.n;
}

/** How this user may complete a sign-in; empty when they have no second factor. */
export async function methodsOf(db: Tx, userId: number): Promise<MfaMethod[]> {
  const methods: MfaMethod[] = [];
  if (await sealedSecretOf(db, userId)) {
    methods.push('totp');
    if ((await recoveryCodesLeft(db, userId)) > 0) methods.push('recovery');
  }
  const [keys] = await db.orm.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if (keys.n > 0) methods.push('passkey');
  return methods;
}

/** Takes a TOTP code for a step not used before; false when the step is not newer than the last. */
export async function takeStep(db: Tx, userId: number, step: number): Promise<boolean> {
  const taken = await db.orm
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return taken.length > 0;
}

export type CodeCheck =
  | { ok: true; method: 'totp' }
  | { ok: true; method: 'recovery'; left: number }
  | { ok: false };

/**
 * Checks and takes a code: the app's code of this step or the one either side, not used before,
 * or an unused recovery code. Anything else, a code used before included, is { ok: false }.
 */
export async function takeCode(
  db: Tx,
  box: SecretBox,
  userId: number,
  code: string,
  now: number,
): Promise<CodeCheck> {
  const sealed = await sealedSecretOf(db, userId);
  if (!sealed) return { ok: false };
  if (/^\d{6}$/.test(code)) {
    const secret = await box.open(sealed);
    if (secret === null) throw secretUnreadable();
    const step = totpStep(secret, code, now);
    return step !== null && (await takeStep(db, userId, step)) ? { ok: true, method: 'totp' } : { ok: false };
  }
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return { ok: false };
  const used = await db.orm
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) return { ok: false };
  return { ok: true, method: 'recovery', left: await recoveryCodesLeft(db, userId) };
}

/** Replaces the user's recovery codes with ten new ones; answers them, the one time they are seen. */
export async function replaceRecoveryCodes(db: Tx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.orm.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.orm
    .insert(recoveryCodes)
    .values(
      codes.map((code) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(code) as string) })),
    );
  return codes;
}

/** Turns the authenticator app off and drops its recovery codes (the passkeys stay). */
export async function dropTotp(db: Tx, userId: number): Promise<void> {
  await db.orm
    .update(userTotp)
    .set({ secretSealed: null, pendingSealed: null, lastStep: null, enabledAt: null })
    .where(eq(userTotp.userId, userId));
  await db.orm.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
