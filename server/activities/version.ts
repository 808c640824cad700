import type { Tx } from '../db/client';

/**
 * A counter bumped by every change of case work (an activity written or deleted, a user renamed
 * or deleted, whose name the worklist shows). The worklist's answers are keyed by it as well as by
 * the data version, so every app process sees a logged call at its next call, while the other
 * dashboard figures, keyed by the data version alone, are not computed again.
 */
export async function bumpActivityVersion(
  tx: Tx,
  /** A user was renamed or deleted: activities already read show an old name. */
  { namesChanged = false } = {},
): Promise<void> {
  const keys = namesChanged ? ['activity_version', NAMES_VERSION] : ['activity_version'];
  for (const key of keys)
    await tx.query(
      `INSERT INTO settings (key, value) VALUES ($1, '1')
       ON CONFLICT (key) DO UPDATE SET value = (settings.value::bigint + 1)::text`,
      [key],
    );
}

/** Moved on when the names shown on activities change, which reading only the new ones would miss. */
export const NAMES_VERSION = 'activity_names_version';

/** The current version as an SQL expression, read by the request guard with the signed-in user. */
export const ACTIVITY_VERSION_SQL = `(SELECT value FROM settings WHERE key = 'activity_version')`;
