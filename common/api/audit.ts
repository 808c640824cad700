/**
 * The audit log's contract (docs/behaviour.md section 8): every action the server records, the
 * words the screen and the CSV give each, and the two endpoints that read the log.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { adminsOnly, endpoint } from './endpoint';
import { ok } from './shared';

/**
 * Every action the server writes to the audit log. `recordAudit` (server/audit/service.ts) takes
 * only these, so a new action cannot be recorded before it is listed here and given words below.
 */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'login_locked',
  'login_refused_disabled',
  'login_refused_password_off',
  'login_sso_refused',
  'logout',
  'password_reset_requested',
  'password_reset',
  'password_change_failed',
  'password_change_locked',
  'password_changed',
  'mfa_login_failed',
  'mfa_login_locked',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_disable_failed',
  'mfa_reset_by_admin',
  'recovery_code_used',
  'passkey_added',
  'passkey_renamed',
  'passkey_removed',
  'session_ended',
  'security_changed',
  'first_admin_created',
  'user_created',
  'user_updated',
  'user_deleted',
  'code_mapping_added',
  'code_mapping_updated',
  'code_mapping_deleted',
  'system_initialized',
  'worklist_thresholds_changed',
  'privacy_changed',
  'goals_changed',
  'marketing_spend_changed',
  'report_subscription_changed',
  'report_sent',
  'report_failed',
  'opendental_settings_changed',
  'backup_made',
  'backup_failed',
  'import',
  'export',
  'scoresheet_viewed',
  'details_viewed',
  'worklist_viewed',
  'patient_search',
  'patient_lookup',
  'patient_lookup_not_found',
  'activity_logged',
  'activity_viewed',
  'activity_deleted',
  'team_activity_viewed',
  'audit_viewed',
  'audit_exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the Action column, the Action filter and the CSV call each action. */
export const AUDIT_ACTION_NAMES: Record<AuditAction, string> = {
  login: 'Sign-in',
  login_failed: 'Failed sign-in',
  login_locked: 'Sign-in locked out',
  login_refused_disabled: 'Sign-in refused (disabled)',
  login_refused_password_off: 'Sign-in refused (passwords off)',
  login_sso_refused: 'Single sign-on refused',
  logout: 'Sign-out',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  password_change_failed: 'Failed password change',
  password_change_locked: 'Password change locked out',
  password_changed: 'Password changed',
  mfa_login_failed: 'Wrong second-factor code',
  mfa_login_locked: 'Second step locked out',
  mfa_enabled: 'Second factor turned on',
  mfa_disabled: 'Second factor turned off',
  mfa_disable_failed: 'Failed turning off the second factor',
  mfa_reset_by_admin: 'Second factor turned off by an admin',
  recovery_code_used: 'Recovery code used',
  passkey_added: 'Passkey added',
  passkey_renamed: 'Passkey renamed',
  passkey_removed: 'Passkey removed',
  session_ended: 'Session ended',
  security_changed: 'Security setting changed',
  first_admin_created: 'First admin created',
  user_created: 'User added',
  user_updated: 'User changed',
  user_deleted: 'User deleted',
  code_mapping_added: 'Code mapping added',
  code_mapping_updated: 'Code mapping changed',
  code_mapping_deleted: 'Code mapping deleted',
  system_initialized: 'System initialized',
  worklist_thresholds_changed: 'Worklist thresholds changed',
  privacy_changed: 'Privacy setting changed',
  goals_changed: 'Goals changed',
  marketing_spend_changed: 'Marketing spend changed',
  report_subscription_changed: 'E-mail reports changed',
  report_sent: 'E-mail report sent',
  report_failed: 'E-mail report failed',
  backup_made: 'Backup made',
  backup_failed: 'Backup failed',
  opendental_settings_changed: 'Open Dental connection changed',
  import: 'Import',
  export: 'Export',
  scoresheet_viewed: 'Scoresheet viewed',
  details_viewed: 'Detail list viewed',
  worklist_viewed: 'Worklist viewed',
  patient_search: 'Patient search',
  patient_lookup: 'Patient lookup',
  patient_lookup_not_found: 'Patient not found',
  activity_logged: 'Case activity logged',
  activity_viewed: 'Case viewed',
  activity_deleted: 'Case activity deleted',
  team_activity_viewed: 'Team activity viewed',
  audit_viewed: 'Audit log viewed',
  audit_exported: 'Audit log exported',
};

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/** The name of an action, or the action itself for one this release does not know. */
export const auditActionName = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTION_NAMES[action] : action;

/** One page of the log holds this many events. */
export const AUDIT_PAGE_SIZE = 50;

// An empty parameter is no filter, as when it is absent.
const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const day = (name: string) =>
  z.preprocess(
    blankIsAbsent,
    z.string().refine(isCalendarDate, `${name} must be a calendar date written YYYY-MM-DD`).optional(),
  );

/**
 * The filters of the list and the export: `user` is a username, matched exactly but for case;
 * `action` one of AUDIT_ACTIONS; `from` and `to` calendar days in UTC, both included.
 */
const filterShape = {
  user: z.preprocess(blankIsAbsent, z.string().trim().max(200).optional()),
  action: z.preprocess(
    blankIsAbsent,
    z
      .enum(AUDIT_ACTIONS, { error: 'action must be one of the audited actions listed in /api/docs' })
      .optional(),
  ),
  from: day('from'),
  to: day('to'),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const FROM_AFTER_TO = { message: 'from must be on or before to', path: ['to'] };

export const auditFilters = z.object(filterShape).refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditFilters = z.output<typeof auditFilters>;

export const auditQuery = z
  .object({
    ...filterShape,
    page: z.preprocess(
      blankIsAbsent,
      z.coerce
        .number({ error: 'page must be a whole number from 1' })
        .int('page must be a whole number from 1')
        .min(1, 'page must be a whole number from 1')
        .default(1),
    ),
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEvent = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  // A string, not the enum: the log keeps rows written by releases with other actions.
  action: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** `total` events match the filters, in `pages` pages of `limit`; `events` is page `page`, newest first. */
export const auditResponse = ok.extend({
  events: z.array(auditEvent),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type AuditResponse = z.infer<typeof auditResponse>;

/** The file the export answers with, on both sides. */
export const AUDIT_EXPORT_FILE = 'audit_log.csv';

const readAudit = adminsOnly('Only admins can read the audit log');

export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit',
    access: readAudit,
    tag: 'audit',
    query: auditQuery,
    response: auditResponse,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    access: readAudit,
    tag: 'audit',
    query: auditFilters,
    response: 'file',
  }),
};
