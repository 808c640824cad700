import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { settings } from '../db/schema';
import { SETTING_KEYS } from '../db/setting-keys';

/** "Providers see their own", off until saved. */
const KEY = SETTING_KEYS.providersSeeOwnOnly;

export async function readProvidersSeeOwnOnly(db: Tx): Promise<boolean> {
  const [row] = await db.orm.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return row?.value === 'true';
}

/**
 * Turns the setting on or off, audited with the values before and after. Cached figures need no
 * dropping: a held provider's calls carry their own provider in the filters the answers are
 * cached under, so they never meet an answer computed for anyone else.
 */
export async function saveProvidersSeeOwnOnly(db: Db, actor: Actor, next: boolean) {
  return db.transaction(async (tx) => {
    const before = await readProvidersSeeOwnOnly(tx);
    const value = String(next);
    await tx.orm
      .insert(settings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    await recordAudit(tx, actor, 'privacy_changed', {
      providers_see_own_only: { before, after: next },
    });
    return { success: true as const, providers_see_own_only: next };
  });
}
