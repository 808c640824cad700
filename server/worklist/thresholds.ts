import { eq } from 'drizzle-orm';
import { DEFAULT_THRESHOLDS, type Thresholds, thresholds } from '../../common/api/worklist';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { settings } from '../db/schema';
import { SETTING_KEYS } from '../db/setting-keys';
import { bumpDataVersion } from '../db/versions';

const KEY = SETTING_KEYS.worklistThresholds;

/** The thresholds every process agrees on (a settings row); the defaults until one is saved. */
export async function readThresholds(db: Tx): Promise<Thresholds> {
  const [row] = await db.orm.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  if (!row) return DEFAULT_THRESHOLDS;
  // A row written by an older release may lack a stage: the default fills it.
  const parsed = thresholds.safeParse({ ...DEFAULT_THRESHOLDS, ...JSON.parse(row.value) });
  return parsed.success ? parsed.data : DEFAULT_THRESHOLDS;
}

/**
 * Saves the thresholds, audited with the values before and after. The data version moves on,
 * so every process drops the worklist answers it computed with the old ones.
 */
export async function saveThresholds(
  db: Db,
  actor: Actor,
  asked: Omit<Thresholds, 'new_lead'> & { new_lead?: number },
) {
  return db.transaction(async (tx) => {
    const before = await readThresholds(tx);
    // A PUT that leaves new_lead out keeps the one saved (docs/behaviour.md section 19).
    const next: Thresholds = { ...asked, new_lead: asked.new_lead ?? before.new_lead };
    await tx.orm
      .insert(settings)
      .values({ key: KEY, value: JSON.stringify(next) })
      .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(next) } });
    await bumpDataVersion(tx);
    await recordAudit(tx, actor, 'worklist_thresholds_changed', { before, after: next });
    return { success: true as const, thresholds: next };
  });
}
