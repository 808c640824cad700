/**
 * The counters every app process reads to know its cached answers still hold, and the locks that
 * order changes, in one place below the features. Each counter is a row of `settings`, moved on
 * in the transaction that changes what it counts, so every process sees the change at once
 * without sharing memory.
 */

import type { Db, Tx } from './client';
import { SETTING_KEYS } from './setting-keys';

/** Moved on by every change of imported data or mappings: the figures are keyed by it. */
const DATA_VERSION = SETTING_KEYS.dataVersion;
/**
 * Moved on with the data version by every change but a Leads file's: while it stands, the figures'
 * inputs other than the leads' are kept from those loaded before (dashboard/data.ts).
 */
const REPORTS_VERSION = SETTING_KEYS.reportsVersion;
/**
 * Moved on by every change of case work (an activity written or deleted, a user renamed or
 * deleted, whose name the worklist shows). The worklist's answers are keyed by it as well as by
 * the data version, so every process sees a logged call at its next call, while the other
 * dashboard figures, keyed by the data version alone, are not computed again.
 */
const ACTIVITY_VERSION = SETTING_KEYS.activityVersion;
/** Moved on when the names shown on activities change, which reading only the new ones would miss. */
export const NAMES_VERSION = SETTING_KEYS.activityNamesVersion;

/** A counter as an SQL expression, to be read in the same statement as something else. */
const versionSql = (key: string) => `(SELECT value FROM settings WHERE key = '${key}')`;

/** The data version, read by the request guard with the signed-in user; NULL before any change. */
export const DATA_VERSION_SQL = versionSql(DATA_VERSION);
/** The case work version, read by the request guard with the signed-in user. */
export const ACTIVITY_VERSION_SQL = versionSql(ACTIVITY_VERSION);

/** Moves a counter on; answers its new value. */
async function bump(tx: Tx, key: string): Promise<string> {
  const [row] = await tx.query<{ value: string }>(
    `INSERT INTO settings (key, value) VALUES ($1, '1')
     ON CONFLICT (key) DO UPDATE SET value = (settings.value::bigint + 1)::text RETURNING value`,
    [key],
  );
  return row.value;
}

/**
 * In every transaction that changes imported data or mappings; `leadsOnly` when it changed only
 * the leads and who they are (a Leads file), which leaves the other inputs of the figures as they
 * were. Answers the data version the change makes.
 */
export async function bumpDataVersion(tx: Tx, { leadsOnly = false } = {}): Promise<string> {
  const version = await bump(tx, DATA_VERSION);
  if (!leadsOnly) await bump(tx, REPORTS_VERSION);
  return version;
}

/** The reports' version, NULL before any change but a Leads file's. */
export async function readReportsVersion(db: Tx): Promise<string | null> {
  const [row] = await db.query<{ value: string | null }>(`SELECT ${versionSql(REPORTS_VERSION)} AS value`);
  return row?.value ?? null;
}

/** In every transaction that changes case work. */
export async function bumpActivityVersion(
  tx: Tx,
  /** A user was renamed or deleted: activities already read show an old name. */
  { namesChanged = false } = {},
): Promise<void> {
  await bump(tx, ACTIVITY_VERSION);
  if (namesChanged) await bump(tx, NAMES_VERSION);
}

// Advisory lock keys: any fixed numbers, one per kind of work that must run alone.
/** Held while a server starts on a PostgreSQL server (db/startup-lock.ts). */
export const STARTUP_LOCK = 4_242_002;
const DATA_CHANGE_LOCK = 4_242_001;
/** Held by a change of a year's goals. */
export const GOALS_LOCK = 4_242_016;
/** Held by a change of a year's marketing spend. */
export const MARKETING_SPEND_LOCK = 4_242_017;

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
 * Runs `fn` on every table as it was at one moment, with changes of imported data waiting until it
 * ends (a backup: an import swaps whole tables, so a moment in its middle would show half of it).
 * Other writes go on where the database allows it (a PostgreSQL server).
 */
export function readDataAtOneMoment<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.readAtOneMoment(DATA_CHANGE_LOCK, fn);
}
