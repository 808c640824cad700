/**
 * The Open Dental connection form's values, what it sends, and the contract's refusal of them
 * before anything is sent: the same schema the server validates with (common/api/sync.ts), so
 * the form and the server refuse the same things in the same words, each under the field it names.
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
import { ApiError, errorMessage } from '../../lib/api';

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

/** A refusal of what was typed: its words, and the field to show them under (null: above the form). */
export interface Refusal {
  message: string;
  field: FieldName | null;
}

/** The form's field of this name; null when the name is none of them. */
const formField = (name: unknown): FieldName | null => FIELD_NAMES.find((f) => f === name) ?? null;

/** The contract's first refusal of a body, under the field its schema path names; null when taken. */
export function refusalOf(body: OpendentalBody): Refusal | null {
  const parsed = opendentalBody.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { message: issue?.message ?? 'The connection is not valid', field: formField(issue?.path[0]) };
}

/** The server's refusal of a save, under the field its answer names (`field`). */
export function serverRefusal(err: unknown): Refusal {
  return {
    message: errorMessage(err, 'The connection could not be saved'),
    field: formField(err instanceof ApiError ? err.field : null),
  };
}
