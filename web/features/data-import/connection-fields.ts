/**
 * The Open Dental connection form's values, what it sends, and the contract's refusal of them
 * before anything is sent: the same schema the server validates with (common/api/sync.ts), so
 * the form and the server refuse the same things in the same words.
 */
import {
  DEFAULT_OPENDENTAL_DATABASE,
  DEFAULT_OPENDENTAL_PORT,
  type OpendentalBody,
  type OpendentalSettings,
  type OpendentalTestBody,
  opendentalBody,
  type SyncSchedule,
} from '../../../common/api/sync';

export type Fields = {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
  schedule: SyncSchedule;
  daily_hour: string;
};
export type FieldName = keyof Fields;
export const FIELD_NAMES = [
  'host',
  'port',
  'database',
  'user',
  'password',
  'schedule',
  'daily_hour',
] as const;

export const fieldsOf = (s: OpendentalSettings): Fields => ({
  host: s.host ?? '',
  port: String(s.port ?? DEFAULT_OPENDENTAL_PORT),
  database: s.database ?? DEFAULT_OPENDENTAL_DATABASE,
  user: s.user ?? '',
  password: '',
  schedule: s.schedule,
  daily_hour: String(s.daily_hour),
});

/** What Save sends: with the connection in the environment, only the schedule. */
export function bodyOf(fields: Fields, fromEnvironment: boolean): OpendentalBody {
  if (fromEnvironment) return { schedule: fields.schedule, daily_hour: fields.daily_hour };
  return { ...fields, port: fields.port.trim() === '' ? undefined : fields.port };
}

/**
 * What Test connection sends: the connection as typed, a blank password standing for the saved
 * one; nothing with the connection in the environment, which is the one tested then.
 */
export function testBodyOf(fields: Fields, fromEnvironment: boolean): OpendentalTestBody {
  if (fromEnvironment) return {};
  const { schedule: _, daily_hour: __, ...connection } = bodyOf(fields, false);
  return connection;
}

/** The field a refusal names (`port must be ...`), to show the message under it; null for none. */
export const fieldOf = (message: string): FieldName | null =>
  FIELD_NAMES.find((f) => message.startsWith(`${f} `)) ?? null;

/** The contract's first refusal of a body, in its words; null when it would be taken. */
export function refusalOf(body: OpendentalBody): string | null {
  const parsed = opendentalBody.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The connection is not valid');
}
