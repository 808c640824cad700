/** Who must have a second factor (docs/behaviour.md section 20): a setting admins change. */
import { eq } from 'drizzle-orm';
import { MFA_REQUIRED_FOR, type MfaRequiredFor } from '../../common/api/mfa';
import type { Role } from '../../common/roles';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { settings } from '../db/schema';
import { SETTING_KEYS } from '../db/setting-keys';

const KEY = SETTING_KEYS.mfaRequiredFor;

const COVERED: Record<MfaRequiredFor, readonly Role[]> = {
  none: [],
  admins: ['admin'],
  managers_and_admins: ['manager', 'admin'],
  everyone: ['provider', 'coordinator', 'manager', 'admin'],
};

/** Whether the setting requires a second factor of a user with this role. */
export const requiresMfa = (setting: MfaRequiredFor, role: Role): boolean => COVERED[setting].includes(role);

const isSetting = (v: string | undefined): v is MfaRequiredFor =>
  (MFA_REQUIRED_FOR as readonly (string | undefined)[]).includes(v);

/** The setting as saved; `none` until an admin saves another. */
export async function readMfaRequiredFor(db: Tx): Promise<MfaRequiredFor> {
  const [row] = await db.orm.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return isSetting(row?.value) ? row.value : 'none';
}

/** Saves it, audited with the values before and after. */
export async function saveMfaRequiredFor(db: Db, actor: Actor, next: MfaRequiredFor) {
  return db.transaction(async (tx) => {
    const before = await readMfaRequiredFor(tx);
    await tx.orm
      .insert(settings)
      .values({ key: KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } });
    await recordAudit(tx, actor, 'security_changed', { mfa_required_for: { before, after: next } });
    return { success: true as const, mfa_required_for: next };
  });
}
