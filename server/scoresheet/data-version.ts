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

// Any fixed number: the key of the advisory lock every data change takes.
const DATA_CHANGE_LOCK = 4_242_001;

/**
 * Makes this transaction the only one changing imported data or mappings until it ends, across
 * every app process on the database: two replacing imports can then never merge (the later one
 * runs after the earlier commits and replaces its rows whole), and two imports of different kinds
 * never rebuild the patients and the scoresheet at once. Released at commit or rollback.
 */
export async function lockDataChanges(tx: Tx): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [DATA_CHANGE_LOCK]);
}

/**
 * The current version as an SQL expression, so it can be read in the same statement as something
 * else (the request guard reads it with the signed-in user). NULL before the first change.
 */
export const DATA_VERSION_SQL = `(SELECT value FROM settings WHERE key = 'data_version')`;
