/**
 * The Open Dental connection an admin saves (docs/behaviour.md section 18): one settings row, its
 * password sealed by the SecretBox. With OPENDENTAL_URL set, the connection comes from there and
 * only the schedule is kept here.
 */

import { eq } from 'drizzle-orm';
import {
  DEFAULT_DAILY_HOUR,
  DEFAULT_OPENDENTAL_DATABASE,
  DEFAULT_OPENDENTAL_PORT,
  type OpendentalSettings,
  type SyncSchedule,
} from '../../../common/api/sync';
import { recordAudit } from '../../audit/service';
import type { Actor } from '../../caller/actor';
import type { Db, Tx } from '../../db/client';
import { settings } from '../../db/schema';
import { SETTING_KEYS } from '../../db/setting-keys';
import { HttpError, missingField } from '../../http/errors';
import type { SecretBox } from '../../platform/secret-box';
import { type OdConnection, parseOpendentalUrl } from './connection';
import { lastSync } from './runs';

const KEY = SETTING_KEYS.opendentalConnection;

/** What is kept in the settings row. Never sent as it is: the password only ever sealed. */
export interface StoredConnection {
  host: string | null;
  port: number | null;
  database: string | null;
  user: string | null;
  password_sealed: string | null;
  schedule: SyncSchedule;
  /** The hour of the daily sync on the server's clock (rows saved before it could be chosen read as 5). */
  daily_hour: number;
  /** When the schedule or its hour was last changed (ISO): slots before it are not run. */
  schedule_since: string | null;
}

const EMPTY: StoredConnection = {
  host: null,
  port: null,
  database: null,
  user: null,
  password_sealed: null,
  schedule: 'off',
  daily_hour: DEFAULT_DAILY_HOUR,
  schedule_since: null,
};

/** The server's time zone (IANA name): the clock the schedule's hours are read on. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export async function readStored(db: Tx): Promise<StoredConnection> {
  const [row] = await db.orm.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return row ? { ...EMPTY, ...(JSON.parse(row.value) as Partial<StoredConnection>) } : EMPTY;
}

/** Where the connection is set: the environment's OPENDENTAL_URL wins over the saved one. */
export interface SyncConfig {
  opendentalUrl: string | undefined;
  box: SecretBox;
}

/** The connection from OPENDENTAL_URL; a URL that cannot be read counts as none. */
function fromEnvironment(url: string): OdConnection | null {
  try {
    return parseOpendentalUrl(url);
  } catch {
    return null;
  }
}

export const NO_CONNECTION = 'No connection is set';
const noConnection = () => new HttpError(409, NO_CONNECTION, { code: 'sync_not_configured' });
export const PASSWORD_UNREADABLE =
  'The saved Open Dental password can no longer be read (the encryption key was lost or changed): enter it again and save';

/** The connection a test or a sync uses now: 409 when none is set or its password cannot be read. */
export async function currentConnection(db: Tx, config: SyncConfig): Promise<OdConnection> {
  if (config.opendentalUrl) {
    const conn = fromEnvironment(config.opendentalUrl);
    if (!conn) throw noConnection();
    return conn;
  }
  const s = await readStored(db);
  if (!s.host || !s.user) throw noConnection();
  return {
    host: s.host,
    port: s.port ?? DEFAULT_OPENDENTAL_PORT,
    database: s.database ?? DEFAULT_OPENDENTAL_DATABASE,
    user: s.user,
    password: await savedPassword(db, config),
  };
}

/** The connection fields as typed in the form, before they are saved. */
export type TypedConnection = Omit<ConnectionInput, 'schedule' | 'daily_hour'>;

/**
 * The connection a test uses: the one typed, else the saved one. Typed fields are taken as Save
 * would take them (host and user required, the same defaults, a blank password meaning the saved
 * one), so what tests well saves and syncs the same; with the connection in the environment,
 * typed connection fields are refused as Save refuses them.
 */
export async function connectionToTest(
  db: Tx,
  config: SyncConfig,
  typed: TypedConnection | undefined,
): Promise<OdConnection> {
  if (config.opendentalUrl || typed === undefined) {
    if (typed && CONNECTION_FIELDS.some((f) => typed[f] !== undefined && typed[f] !== ''))
      throw environmentSet();
    return currentConnection(db, config);
  }
  if (typed.host === undefined) throw missingField('host');
  if (typed.user === undefined) throw missingField('user');
  return {
    host: typed.host,
    port: typed.port ?? DEFAULT_OPENDENTAL_PORT,
    database: typed.database ?? DEFAULT_OPENDENTAL_DATABASE,
    user: typed.user,
    password: typed.password ? typed.password : await savedPassword(db, config),
  };
}

/** The stored password opened, '' when none is stored; 409 when this server's key cannot open it. */
async function savedPassword(db: Tx, config: SyncConfig): Promise<string> {
  const { password_sealed } = await readStored(db);
  if (password_sealed === null) return '';
  const password = await config.box.open(password_sealed);
  if (password === null) throw new HttpError(409, PASSWORD_UNREADABLE, { code: 'sync_password_unreadable' });
  return password;
}

/** Whether a sync has a connection to use (for the status everyone sees). */
export async function isConfigured(db: Tx, config: SyncConfig): Promise<boolean> {
  return hasConnection(await readStored(db), config);
}

/** The same, from the stored settings a caller has read already. */
export function hasConnection(stored: StoredConnection, config: SyncConfig): boolean {
  if (config.opendentalUrl) return fromEnvironment(config.opendentalUrl) !== null;
  return Boolean(stored.host && stored.user);
}

/** The settings as the admin's GET answers them: never the password, only whether one is set. */
export async function opendentalSettings(db: Tx, config: SyncConfig): Promise<OpendentalSettings> {
  const s = await readStored(db);
  const last = await lastSync(db);
  if (config.opendentalUrl) {
    const conn = fromEnvironment(config.opendentalUrl);
    return {
      success: true,
      configured: conn !== null,
      source: 'environment',
      host: conn?.host ?? null,
      port: conn?.port ?? null,
      database: conn?.database ?? null,
      user: conn?.user ?? null,
      password_set: Boolean(conn?.password),
      password_unreadable: false,
      schedule: s.schedule,
      daily_hour: s.daily_hour,
      time_zone: serverTimeZone(),
      last_sync: last,
    };
  }
  const unreadable = s.password_sealed !== null && (await config.box.open(s.password_sealed)) === null;
  return {
    success: true,
    configured: Boolean(s.host && s.user),
    source: 'settings',
    host: s.host,
    port: s.port,
    database: s.database,
    user: s.user,
    password_set: s.password_sealed !== null && !unreadable,
    password_unreadable: unreadable,
    schedule: s.schedule,
    daily_hour: s.daily_hour,
    time_zone: serverTimeZone(),
    last_sync: last,
  };
}

export interface ConnectionInput {
  host?: string;
  port?: number;
  database?: string;
  user?: string;
  password?: string;
  schedule?: SyncSchedule;
  daily_hour?: number;
}

const CONNECTION_FIELDS = ['host', 'port', 'database', 'user', 'password'] as const;
const ENVIRONMENT_SET = 'The connection is set in the environment';
const environmentSet = () => new HttpError(409, ENVIRONMENT_SET, { code: 'connection_in_environment' });

/** The fields an audit row shows: never the password. */
const audited = (s: StoredConnection) => ({
  host: s.host,
  port: s.port,
  database: s.database,
  user: s.user,
  schedule: s.schedule,
  daily_hour: s.daily_hour,
});

/**
 * Saves the connection and schedule, audited without the password. A blank or absent password
 * keeps the stored one. Checked in full before anything is written, so a refusal changes nothing.
 */
export async function saveOpendental(
  db: Db,
  actor: Actor,
  config: SyncConfig,
  input: ConnectionInput,
  now: Date = new Date(),
): Promise<OpendentalSettings> {
  if (config.opendentalUrl) {
    const given = CONNECTION_FIELDS.filter((f) => input[f] !== undefined && input[f] !== '');
    if (given.length > 0) throw environmentSet();
  } else {
    if (input.host === undefined) throw missingField('host');
    if (input.user === undefined) throw missingField('user');
  }
  const newPassword = input.password ? input.password : null;
  // Sealed before the transaction: making the key file is no work to hold a transaction open for.
  const sealed = newPassword === null ? null : await config.box.seal(newPassword);
  await db.transaction(async (tx) => {
    const [row] = await tx.orm
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, KEY))
      .for('update');
    const before: StoredConnection = row ? { ...EMPTY, ...JSON.parse(row.value) } : EMPTY;
    const schedule = input.schedule ?? before.schedule;
    const dailyHour = input.daily_hour ?? before.daily_hour;
    const after: StoredConnection = config.opendentalUrl
      ? { ...before, schedule, daily_hour: dailyHour }
      : {
          host: input.host ?? null,
          port: input.port ?? DEFAULT_OPENDENTAL_PORT,
          database: input.database ?? DEFAULT_OPENDENTAL_DATABASE,
          user: input.user ?? null,
          password_sealed: sealed ?? before.password_sealed,
          schedule,
          daily_hour: dailyHour,
          schedule_since: before.schedule_since,
        };
    // A daily sync moved to another hour waits for that hour to come, rather than running at once
    // for a slot of the new hour that passed before the change.
    const moved = schedule === 'daily' && dailyHour !== before.daily_hour;
    if (schedule !== before.schedule || moved || !before.schedule_since)
      after.schedule_since = now.toISOString();
    const value = JSON.stringify(after);
    await tx.orm
      .insert(settings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    await recordAudit(tx, actor, 'opendental_settings_changed', {
      before: audited(before),
      after: audited(after),
      password_changed: sealed !== null,
    });
  });
  return opendentalSettings(db, config);
}
