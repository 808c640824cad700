/**
 * Sync from Open Dental (docs/behaviour.md section 18): the connection an admin saves, its test,
 * a sync run now, and the status everyone sees on the Data Import tab.
 */
import { z } from 'zod';
import { isHostNameOrAddress } from '../host-name';
import { adminsOnly, editorsOnly, endpoint, signedIn } from './endpoint';
import { ERROR_CODE_LIST } from './error-codes';
import { rowIssue } from './imports';
import { ok } from './shared';

export const SYNC_SCHEDULES = ['off', 'hourly', 'daily'] as const;
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number];

/** The schedule's choices in the form; the daily sync's hour is chosen beside it. */
export const SCHEDULE_CHOICES: Record<SyncSchedule, string> = {
  off: 'Off (sync by hand)',
  hourly: 'Every hour, on the hour',
  daily: 'Every day',
};

/** The hour of the daily sync unless an admin chooses another, on the server's clock. */
export const DEFAULT_DAILY_HOUR = 5;

export const DEFAULT_OPENDENTAL_PORT = 3306;
export const DEFAULT_OPENDENTAL_DATABASE = 'opendental';

/** Where the connection comes from: saved on the Data Import tab, or OPENDENTAL_URL. */
export const SYNC_SOURCES = ['settings', 'environment'] as const;
export type SyncSource = (typeof SYNC_SOURCES)[number];

const HOST_RULE = 'host must be 1-255 characters without spaces';
export const HOST_ONLY_RULE =
  'host must be a host name or an IP address, without a scheme or port; put the port in the Port field.';
const PORT_RULE = 'port must be a whole number from 1 to 65535';
const nameRule = (field: string) => `${field} must be 1-64 characters`;
const SCHEDULE_RULE = `schedule must be one of ${SYNC_SCHEDULES.join(', ')}`;
const HOUR_RULE = 'daily_hour must be a whole number from 0 to 23';

/** A form may send a number as text; digits only, so "6pm" or "1e1" is refused. */
const wholeNumber = (rule: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: rule }).int(rule).min(min, rule).max(max, rule),
  );

const name = (field: string) =>
  z
    .string({ error: nameRule(field) })
    .trim()
    .min(1, nameRule(field))
    .max(64, nameRule(field));

/**
 * Every field may be left out here: with the connection in the environment only `schedule` is
 * sent, and the server says which field a saved connection still needs (`host is required`).
 */
export const opendentalBody = z.object({
  host: z
    .string({ error: HOST_RULE })
    .trim()
    .min(1, HOST_RULE)
    .max(255, HOST_RULE)
    .regex(/^\S+$/, HOST_RULE)
    .refine(isHostNameOrAddress, HOST_ONLY_RULE)
    .optional(),
  port: wholeNumber(PORT_RULE, 1, 65535).optional(),
  database: name('database').optional(),
  user: name('user').optional(),
  /** Blank or absent keeps the stored password. */
  password: z
    .string({ error: 'password must be text' })
    .max(1000, 'password must be at most 1000 characters')
    .optional(),
  schedule: z.enum(SYNC_SCHEDULES, { error: SCHEDULE_RULE }).optional(),
  /** The hour of the daily sync, 0-23 on the server's clock; absent keeps the current one. */
  daily_hour: wholeNumber(HOUR_RULE, 0, 23).optional(),
});
export type OpendentalBody = z.input<typeof opendentalBody>;

/**
 * Test connection with the settings as typed, before they are saved: the connection fields of
 * Save, checked the same way (a blank password means the saved one). Without a body, the saved
 * settings are tested.
 */
// Nullish: Fastify hands a request without a body to the schema as null.
export const opendentalTestBody = opendentalBody.omit({ schedule: true, daily_hour: true }).nullish();
export type OpendentalTestBody = z.input<typeof opendentalTestBody>;

/** Codes read that have no code mapping, with their rows, the most used first (as an import's). */
const unmappedCodes = z.array(z.object({ code: z.string(), count: z.number().int() }));

/** The latest sync, whether it worked or not. */
export const lastSync = z.object({
  at: z.string(),
  ok: z.boolean(),
  records_imported: z.number().int().nullable(),
  rows_skipped: z.number().int().nullable(),
  /** Why it failed, in the words the sync answered with; null when it worked. */
  error: z.string().nullable(),
  /**
   * The code of that answer (common/api/error-codes.ts), to decide by; null when it worked, or
   * for a sync that failed before the codes were recorded.
   */
  error_code: z.enum(ERROR_CODE_LIST).nullable(),
  /** As the sync answered them; none for a failed sync. */
  unmapped_codes: unmappedCodes,
});
export type LastSync = z.infer<typeof lastSync>;

/** When the schedule's slots come: the daily hour, on the clock of the server's time zone. */
const scheduleClock = {
  daily_hour: z.number().int(),
  /** The server's IANA time zone (`America/Chicago`), which the hours are of. */
  time_zone: z.string(),
};

export const opendentalSettingsResponse = ok.extend({
  configured: z.boolean(),
  source: z.enum(SYNC_SOURCES),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  database: z.string().nullable(),
  user: z.string().nullable(),
  password_set: z.boolean(),
  /**
   * A password is stored but cannot be read with this server's key (the key was lost or
   * changed): it must be entered again (docs/security.md). password_set is then false.
   */
  password_unreadable: z.boolean(),
  schedule: z.enum(SYNC_SCHEDULES),
  ...scheduleClock,
  last_sync: lastSync.nullable(),
});
export type OpendentalSettings = z.infer<typeof opendentalSettingsResponse>;

/**
 * Why the figures may be behind Open Dental (docs/behaviour.md section 18): the last sync failed,
 * or no sync has worked since a scheduled one was due. `figures_at` is when the last sync that
 * worked ended (null: none ever has); `reason` the failed sync's words.
 */
export const syncWarning = z.object({
  kind: z.enum(['failed', 'stale']),
  figures_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SyncWarning = z.infer<typeof syncWarning>;

/** What every signed-in user may know: whether a sync is set up, when it runs, how the last went. */
export const syncStatusResponse = ok.extend({
  configured: z.boolean(),
  schedule: z.enum(SYNC_SCHEDULES),
  ...scheduleClock,
  /** A sync is under way now, in any app process. */
  running: z.boolean(),
  last_sync: lastSync.nullable(),
  /** Said on the Dashboard, Follow-ups, the PDF and the e-mails; null when the figures are current. */
  warning: syncWarning.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusResponse>;

export const opendentalTestResponse = ok.extend({
  server_version: z.string(),
  /** Rows a sync would read now: Full Arch Report procedures and Future Scheduled procedures. */
  procedures: z.number().int(),
  appointments: z.number().int(),
});
export type OpendentalTest = z.infer<typeof opendentalTestResponse>;

/** Answered like an import: the two kinds' rows together, then each kind. */
export const syncRunResponse = ok.extend({
  records_imported: z.number().int(),
  full_arch: z.number().int(),
  future: z.number().int(),
  rows_skipped: z.number().int(),
  /** `row` is the procedure's ProcNum. */
  skipped: z.array(rowIssue),
  unmapped_codes: unmappedCodes,
});
export type SyncRunResponse = z.infer<typeof syncRunResponse>;

const tag = 'sync';
const adminOnly = adminsOnly('Only admins can set up the Open Dental connection');

export const syncApi = {
  settings: endpoint({
    method: 'GET',
    path: '/api/sync/opendental',
    access: adminOnly,
    tag,
    response: opendentalSettingsResponse,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/sync/opendental',
    access: adminOnly,
    tag,
    body: opendentalBody,
    response: opendentalSettingsResponse,
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/sync/opendental/test',
    access: adminOnly,
    tag,
    body: opendentalTestBody,
    response: opendentalTestResponse,
  }),
  run: endpoint({
    method: 'POST',
    path: '/api/sync/opendental/run',
    access: {
      roles: editorsOnly.roles,
      forbidden: 'Only managers and admins can sync from Open Dental',
    },
    tag,
    response: syncRunResponse,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/sync/opendental/status',
    access: signedIn,
    tag,
    response: syncStatusResponse,
  }),
};
