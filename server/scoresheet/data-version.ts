import type { Tx } from '../db/client';

/**
 * A counter bumped in every transaction that changes imported data or mappings. Cached figures are
 * keyed by it, so every app process sees a change at once without sharing memory.
 */
export async function bumpDataVersion(tx: Tx): Promise<void> {
  await tx.query(
    `INSERT INTO settings (key, value) VALUES ('data_version', '1')
     ON CONFLICT (key) DO UPDATE SET value = (settings.value::bigint + 1)::text`,
  );
}

/**
 * The current version as an SQL expression, so it can be read in the same statement as something
 * else (the request guard reads it with the signed-in user). NULL before the first change.
 */
export const DATA_VERSION_SQL = `(SELECT value FROM settings WHERE key = 'data_version')`;
