import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';
import { SETTING_KEYS } from '../db/setting-keys';
import { lockDataChanges } from '../db/versions';
import { recalculateScoresheet, refreshLocations } from './recalculate';

/**
 * The version of the rules the stored scoresheet and locations were computed by. Raise it when
 * docs/behaviour.md sections 4 or 11 change what they hold: the next start rebuilds them from the
 * stored procedures, so a database from before the change does not keep rows missing the new fields.
 * 2: presented, accepted and perm dates, and locations.
 */
export const SCORESHEET_RULES = '2';
const KEY = SETTING_KEYS.scoresheetRules;

/** Rebuilds the locations and the scoresheet once after an upgrade; a no-op when already current. */
export async function recalculateIfRulesChanged(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several app processes may start at once: the first rebuilds, the others then find it current.
    await lockDataChanges(tx);
    const [stored] = await tx.orm
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, KEY));
    if (stored?.value === SCORESHEET_RULES) return false;
    await refreshLocations(tx);
    await recalculateScoresheet(tx);
    await tx.orm
      .insert(settings)
      .values({ key: KEY, value: SCORESHEET_RULES })
      .onConflictDoUpdate({ target: settings.key, set: { value: SCORESHEET_RULES } });
    return true;
  });
}
