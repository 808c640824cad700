/**
 * An audit event's detail in words, for the Audit Log screen's What column and the CSV export
 * (docs/behaviour.md section 8). Each action's detail is the JSON its `recordAudit` call writes;
 * rows written by older releases may lack a field, so every reader here copes with a missing one.
 */

import { ACTIVITY_KINDS, KIND_NAMES, OUTCOME_NAMES, type Outcome } from './api/activities';
import { AUDIT_ACTION_NAMES, type AuditAction, isAuditAction } from './api/audit';
import { ALL_PROVIDERS, CONSULT_DETAIL_NAMES, type ConsultDetailType } from './api/dashboard';
import { type HistoryKind, IMPORT_KIND_NAMES } from './api/imports';
import { REPORT_KIND_NAMES, REPORT_KINDS } from './api/reports';
import { STAGE_NAMES, STAGES } from './api/worklist';
import { formatBytes } from './format';
import { periodLabel } from './period-label';

type Detail = Record<string, unknown>;

const text = (d: Detail, key: string): string | null => {
  const v = d[key];
  return typeof v === 'string' ? v : null;
};
const num = (d: Detail, key: string): number | null => {
  const v = d[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
/** A list of strings; anything else in it is left out. */
const strings = (d: Detail, key: string): string[] => {
  const v = d[key];
  return Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : [];
};
const obj = (d: Detail, key: string): Detail => {
  const v = d[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Detail) : {};
};

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** `2026-01-05` reads `01/05/2026`, as the screens write dates; anything else unchanged. */
export function usDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

function money(value: unknown): string {
  if (typeof value !== 'number') return 'no value';
  return value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  });
}

/**
 * A provider filter as recorded: a name, null for every provider (a detail list's raw filter), or
 * the label already (`All Providers`, `No provider name`). The filter of a provider account with
 * no provider name is recorded raw as ` (no provider name)`.
 */
function provider(value: unknown): string {
  if (typeof value !== 'string') return ALL_PROVIDERS;
  const name = value.trim();
  return name === '(no provider name)' ? 'No provider name' : name;
}

/** A location filter as recorded: its key in lower case, `Unassigned`, or null for every location. */
const location = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? (value === 'Unassigned' ? 'no location' : value) : null;

/** The filters of a list or an export, joined: `All Providers, at downtown, 2025`. */
function filters(d: Detail, parts: (string | null)[] = []): string {
  const where = location(d.location);
  const year = num(d, 'year');
  return [provider(d.provider), where && `at ${where}`, ...parts, year !== null ? String(year) : null]
    .filter(Boolean)
    .join(', ');
}

/** Who a held provider's read was limited to: ` (only Dr. Chen's patients)`, or nothing. */
function held(d: Detail): string {
  const name = text(d, 'provider');
  return name === null ? '' : ` (only ${provider(name)}'s patients)`;
}

function detailList(d: Detail): string {
  const list = text(d, 'list');
  const type = text(d, 'type');
  const month = text(d, 'month');
  if (list === 'consult-details') {
    const name =
      type && type in CONSULT_DETAIL_NAMES ? CONSULT_DETAIL_NAMES[type as ConsultDetailType] : 'Consults';
    return `${name}: ${filters(d)}`;
  }
  const names: Record<string, string> = {
    'arch-case-details': 'Arch Cases',
    'future-case-details': 'Future Scheduled Treatments',
    'pending-finance-details': 'Pending Finance Cases',
  };
  const name = (list && names[list]) ?? list ?? 'a detail list';
  return `${name}: ${filters(d, [month && periodLabel(month)])}`;
}

const stageName = (value: unknown): string =>
  typeof value === 'string' && (STAGES as readonly string[]).includes(value)
    ? STAGE_NAMES[value as (typeof STAGES)[number]]
    : 'All Stages';

function worklistFilters(d: Detail): string {
  const asOf = text(d, 'as_of') ?? text(d, 'asOf');
  const scheduled = d.includeScheduled === true || d.include_scheduled === true;
  const snoozed = d.includeSnoozed === true || d.include_snoozed === true;
  const assigned = text(d, 'assignedTo') ?? text(d, 'assigned_to');
  return [
    stageName(d.stage),
    filters(d),
    asOf && `as of ${usDate(asOf)}`,
    scheduled && 'including scheduled',
    snoozed && 'including snoozed',
    assigned && (assigned === 'unassigned' ? 'unassigned' : `assigned to ${assigned}`),
  ]
    .filter(Boolean)
    .join(', ');
}

function exported(d: Detail): string {
  const rows = num(d, 'rows');
  const suffix = rows === null ? '' : `: ${count(rows, 'row')}`;
  switch (text(d, 'kind')) {
    case 'dashboard':
      return `Exported the dashboard workbook: ${filters(d)}`;
    case 'report':
      return `Exported the PDF report: ${filters(d)}`;
    case 'worklist':
      return `Exported the follow-up worklist: ${worklistFilters(d)}${suffix}`;
    case 'scoresheet':
      return `Exported the scoresheet${held(d)}`;
    case 'details':
      return `Exported ${detailList(d)}${suffix}`;
    default:
      return `Exported a file${suffix}`;
  }
}

const USER_FIELDS: Record<string, string> = {
  username: 'username',
  password: 'password',
  email: 'email',
  role: 'role',
  provider_name: 'provider name',
  is_active: 'active',
};

function userChanged(d: Detail): string {
  const who = text(d, 'username') ?? `#${num(d, 'user_id') ?? '?'}`;
  const changed = strings(d, 'changed');
  if (changed.length === 0) return `Saved user ${who} with no change`;
  return `Changed user ${who}: ${changed.map((k) => USER_FIELDS[k] ?? k).join(', ')}`;
}

const mapping = (m: Detail) =>
  `${text(m, 'proc_code') ?? '?'} (${text(m, 'label') ?? 'no label'}, ${money(m.value)})`;

function mappingChanged(d: Detail): string {
  const before = obj(d, 'before');
  const after = obj(d, 'after');
  const code = text(before, 'proc_code') ?? text(after, 'proc_code') ?? '?';
  const changes: string[] = [];
  if (text(before, 'proc_code') !== text(after, 'proc_code'))
    changes.push(`code ${text(before, 'proc_code')} -> ${text(after, 'proc_code')}`);
  if (text(before, 'label') !== text(after, 'label'))
    changes.push(`label ${text(before, 'label') ?? 'none'} -> ${text(after, 'label') ?? 'none'}`);
  if (before.value !== after.value) changes.push(`value ${money(before.value)} -> ${money(after.value)}`);
  return changes.length
    ? `Changed code mapping ${code}: ${changes.join(', ')}`
    : `Saved code mapping ${code} with no change`;
}

function thresholdsChanged(d: Detail): string {
  const before = obj(d, 'before');
  const after = obj(d, 'after');
  const changes = STAGES.filter((s) => before[s] !== after[s]).map(
    (s) => `${STAGE_NAMES[s]} ${before[s] ?? '?'} -> ${after[s] ?? '?'} days`,
  );
  return changes.length
    ? `Changed worklist thresholds: ${changes.join(', ')}`
    : 'Saved worklist thresholds with no change';
}

function privacyChanged(d: Detail): string {
  const setting = obj(d, 'providers_see_own_only');
  const onOff = (v: unknown) => (v === true ? 'on' : 'off');
  if (setting.before === setting.after)
    return `Saved "Providers see their own" (still ${onOff(setting.after)})`;
  return `Turned ${onOff(setting.after)} "Providers see their own"`;
}

/** A year's goals as saved: which were added, changed and removed (each `provider: metric`). */
function goalsChanged(d: Detail): string {
  const year = num(d, 'year');
  const parts = (['added', 'changed', 'removed'] as const)
    .map((key) => [key, strings(d, key)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([key, list]) => `${key} ${list.join(', ')}`);
  const which = year === null ? 'goals' : `${year} goals`;
  return parts.length ? `Saved the ${which}: ${parts.join('; ')}` : `Saved the ${which} with no change`;
}

/**
 * A year's marketing spend as saved: the year's total before and after, and which sources were
 * added, changed and removed.
 */
function spendChanged(d: Detail): string {
  const year = num(d, 'year');
  const total = obj(d, 'total');
  const parts = (['added', 'changed', 'removed'] as const)
    .map((key) => [key, strings(d, key)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([key, list]) => `${key} ${list.join(', ')}`);
  const which = year === null ? 'marketing spend' : `${year} marketing spend`;
  if (parts.length === 0) return `Saved the ${which} with no change`;
  const totals =
    total.before === total.after ? '' : ` (${money(total.before)} -> ${money(total.after)} in the year)`;
  return `Saved the ${which}${totals}: ${parts.join('; ')}`;
}

/** `the monthly report for November 2026`, `the daily digest of 12/01/2026`. */
function reportOf(d: Detail): string {
  const period = text(d, 'period') ?? '';
  if (text(d, 'kind') === 'daily_digest') return `the daily digest of ${usDate(period)}`;
  return `the monthly report for ${periodLabel(period)}`;
}

function subscriptionChanged(d: Detail): string {
  const before = obj(d, 'before');
  const after = obj(d, 'after');
  const changes = REPORT_KINDS.filter((k) => before[k] !== after[k]).map(
    (k) => `${after[k] === true ? 'turned on' : 'turned off'} the ${REPORT_KIND_NAMES[k].toLowerCase()}`,
  );
  if (changes.length === 0) return 'Saved e-mail reports with no change';
  const said = changes.join(', ');
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}`;
}

const CONNECTION_FIELDS = ['host', 'port', 'database', 'user', 'schedule', 'daily_hour'] as const;

/** The Open Dental connection as saved: each field that changed, and whether the password did. */
function opendentalChanged(d: Detail): string {
  const before = obj(d, 'before');
  const after = obj(d, 'after');
  const shown = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : String(v));
  const changes = CONNECTION_FIELDS.filter((f) => before[f] !== after[f]).map(
    (f) => `${f} ${shown(before[f])} -> ${shown(after[f])}`,
  );
  if (d.password_changed === true) changes.push('a new password');
  return changes.length
    ? `Changed the Open Dental connection: ${changes.join(', ')}`
    : 'Saved the Open Dental connection with no change';
}

function imported(d: Detail): string {
  const kind = text(d, 'kind');
  const name = kind && kind in IMPORT_KIND_NAMES ? IMPORT_KIND_NAMES[kind as HistoryKind] : 'a file';
  const rows = num(d, 'rows_imported');
  const skipped = num(d, 'rows_skipped');
  const file = text(d, 'file_name');
  const how = d.replace === true ? 'replacing' : d.replace === false ? 'merging' : null;
  const counts = [
    rows !== null && count(rows, 'row'),
    skipped ? `${skipped.toLocaleString('en-US')} skipped` : null,
  ]
    .filter(Boolean)
    .join(', ');
  if (kind === 'opendental-sync') return `Synced from Open Dental${counts ? `: ${counts}` : ''}`;
  const notes = [file, how].filter(Boolean).join(', ');
  return `Imported ${name}${counts ? `: ${counts}` : ''}${notes ? ` (${notes})` : ''}`;
}

function locked(d: Detail, what: string): string {
  const by = text(d, 'by');
  const from = by === 'username' ? ' for this username' : by === 'address' ? ' from this address' : '';
  return `${what} refused: too many failed attempts${from}`;
}

/** The audit filters as recorded with a read or an export of the log. */
function auditFilters(d: Detail): string {
  const action = text(d, 'action');
  const from = text(d, 'from');
  const to = text(d, 'to');
  const parts = [
    text(d, 'user') && `user ${text(d, 'user')}`,
    action && (isAuditAction(action) ? AUDIT_ACTION_NAMES[action] : action),
    from && to
      ? `${usDate(from)} to ${usDate(to)}`
      : from
        ? `from ${usDate(from)}`
        : to && `to ${usDate(to)}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'all events';
}

/** An activity as recorded: `Call (No answer) of 06/02/2026`. */
function activityWords(d: Detail): string {
  const kind = text(d, 'kind');
  const name =
    kind !== null && (ACTIVITY_KINDS as readonly string[]).includes(kind)
      ? KIND_NAMES[kind as (typeof ACTIVITY_KINDS)[number]]
      : 'Activity';
  const outcome = text(d, 'outcome');
  const said = outcome !== null && outcome in OUTCOME_NAMES ? ` (${OUTCOME_NAMES[outcome as Outcome]})` : '';
  const date = text(d, 'date');
  return `${name}${said}${date ? ` of ${usDate(date)}` : ''}`;
}

/** Why a single sign-on was refused, by the error code its refusal carried. */
const SSO_REFUSALS: Record<string, (email: string) => string> = {
  sso_state_invalid: () => 'not started here, expired or already used',
  sso_failed: () => 'the identity provider refused or its answer failed a check',
  sso_unavailable: () => 'the identity provider could not be reached',
  sso_no_email: () => 'the identity provider sent no e-mail address',
  sso_email_unverified: (email) => `the e-mail address ${email} is not verified`,
  sso_no_account: (email) => `no active account for ${email}`,
  sso_ticket_invalid: () => 'the sign-on ticket was unknown, expired or already used',
};

function ssoRefused(d: Detail): string {
  const words = SSO_REFUSALS[text(d, 'reason') ?? ''];
  return `Single sign-on refused${words ? `: ${words(text(d, 'email') ?? '?')}` : ''}`;
}

const WORDS: Record<AuditAction, (d: Detail) => string> = {
  login: (d) => (text(d, 'method') === 'sso' ? 'Signed in with single sign-on' : 'Signed in'),
  login_failed: () => 'Failed sign-in: wrong username or password',
  login_locked: (d) => locked(d, 'Sign-in'),
  login_refused_disabled: () => 'Sign-in refused: the account is disabled',
  login_refused_password_off: () => 'Sign-in refused: passwords are turned off',
  login_sso_refused: ssoRefused,
  logout: (d) => (text(d, 'reason') === 'idle' ? 'Signed out automatically after inactivity' : 'Signed out'),
  password_reset_requested: (d) =>
    d.account === false
      ? 'Password reset requested for an email with no account'
      : 'Password reset requested',
  password_reset: () => 'Reset the password with a reset link',
  password_change_failed: () => 'Password change refused: wrong current password',
  password_change_locked: (d) => locked(d, 'Password change'),
  password_changed: () => 'Changed their own password',
  mfa_login_failed: (d) =>
    text(d, 'method') === 'passkey'
      ? 'Sign-in refused at the second step: the passkey did not verify'
      : 'Sign-in refused at the second step: wrong code',
  mfa_login_locked: (d) => locked(d, 'Second step'),
  mfa_enabled: () => 'Turned on the authenticator app',
  mfa_disabled: () => 'Turned off their authenticator app',
  mfa_disable_failed: () => 'Turning off the authenticator app refused: wrong password or code',
  mfa_reset_by_admin: (d) =>
    `Turned off the second factor of ${text(d, 'username') ?? `#${num(d, 'user_id') ?? '?'}`} and ended their sessions`,
  recovery_code_used: (d) => {
    const left = num(d, 'left');
    return left === null ? 'Signed in with a recovery code' : `Signed in with a recovery code (${left} left)`;
  },
  passkey_added: (d) => `Added the passkey ${text(d, 'name') ?? '?'}`,
  passkey_renamed: (d) => `Renamed a passkey ${text(d, 'from') ?? '?'} to ${text(d, 'to') ?? '?'}`,
  passkey_removed: (d) => `Removed the passkey ${text(d, 'name') ?? '?'}`,
  session_ended: (d) => (d.own === true ? 'Ended one of their sessions' : 'Ended a session'),
  security_changed: (d) => {
    const m = obj(d, 'mfa_required_for');
    return `Second factor required for: ${text(m, 'before') ?? '?'} → ${text(m, 'after') ?? '?'}`;
  },
  backup_made: (d) => {
    const how = d.scheduled === true ? 'Scheduled backup' : 'Backup';
    const size = num(d, 'size');
    return `${how} ${text(d, 'file') ?? '?'} made${size === null ? '' : ` (${formatBytes(size)})`}`;
  },
  backup_failed: (d) =>
    `${d.scheduled === true ? 'Scheduled backup' : 'Backup'} failed: ${text(d, 'reason') ?? 'an error on the server'}`,
  first_admin_created: () => 'Created the first admin account',
  user_created: (d) =>
    `Added user ${text(d, 'username') ?? '?'}${text(d, 'role') ? ` (${text(d, 'role')})` : ''}`,
  user_updated: userChanged,
  user_deleted: (d) => `Deleted user ${text(d, 'username') ?? `#${num(d, 'user_id') ?? '?'}`}`,
  code_mapping_added: (d) => `Added code mapping ${mapping(d)}`,
  code_mapping_updated: mappingChanged,
  code_mapping_deleted: (d) => `Deleted code mapping ${mapping(obj(d, 'before'))}`,
  system_initialized: (d) => {
    const added = num(d, 'code_mappings_added');
    return `Initialized the system${added === null ? '' : `: ${count(added, 'default code mapping')} added`}`;
  },
  worklist_thresholds_changed: thresholdsChanged,
  privacy_changed: privacyChanged,
  goals_changed: goalsChanged,
  marketing_spend_changed: spendChanged,
  report_subscription_changed: subscriptionChanged,
  report_sent: (d) => `Sent ${reportOf(d)}${d.now === true ? ' now, outside the schedule' : ''}`,
  report_failed: (d) => {
    const tries = num(d, 'attempts');
    const reason = text(d, 'reason');
    return `Could not send ${reportOf(d)}${tries === null ? '' : ` after ${count(tries, 'try', 'tries')}`}${reason ? `: ${reason}` : ''}`;
  },
  opendental_settings_changed: opendentalChanged,
  import: imported,
  export: exported,
  scoresheet_viewed: (d) => {
    const rows = num(d, 'rows');
    return `Viewed the scoresheet${rows === null ? '' : `: ${count(rows, 'row')}`}${held(d)}`;
  },
  details_viewed: (d) => {
    // A later page of a list is recorded only when no row covers the list already.
    const page = num(d, 'page');
    return `Viewed ${detailList(d)}${page === null ? '' : ` (from page ${page})`}`;
  },
  worklist_viewed: (d) => `Viewed the follow-up worklist: ${worklistFilters(d)}`,
  patient_search: (d) => {
    const total = num(d, 'total');
    const shown = num(d, 'results');
    const found = total ?? shown;
    const listed = total !== null && shown !== null && shown < total ? `, ${shown} listed` : '';
    const result =
      found === null ? '' : `: ${found === 0 ? 'no patients' : count(found, 'patient')} found${listed}`;
    return `Searched patients for "${text(d, 'q') ?? ''}"${result}${held(d)}`;
  },
  patient_lookup: (d) => `Looked up patient ${text(d, 'patient_name') ?? '?'}${held(d)}`,
  patient_lookup_not_found: (d) =>
    `Looked up ${text(d, 'id') ? `patient id ${text(d, 'id')}` : `"${text(d, 'name') ?? ''}"`}: not found${held(d)}`,
  activity_logged: (d) =>
    `Logged ${activityWords(d)} for patient ${text(d, 'patient_name') ?? '?'}${held(d)}`,
  activity_viewed: (d) => `Viewed the case of patient ${text(d, 'patient_name') ?? '?'}${held(d)}`,
  activity_deleted: (d) => `Deleted ${activityWords(d)} of patient ${text(d, 'patient_name') ?? '?'}`,
  team_activity_viewed: (d) => {
    const from = text(d, 'from');
    const to = text(d, 'to');
    return `Viewed team activity${from && to ? ` from ${usDate(from)} to ${usDate(to)}` : ''}`;
  },
  audit_viewed: (d) => {
    const page = num(d, 'page');
    return `Viewed the audit log${page === null ? '' : `, page ${page}`}: ${auditFilters(d)}`;
  },
  audit_exported: (d) => {
    const rows = num(d, 'rows');
    return `Exported the audit log: ${auditFilters(d)}${rows === null ? '' : `, ${count(rows, 'event')}`}`;
  },
};

/**
 * What happened, in words: `Imported Full Arch Report: 1,805 rows (full-arch-report.csv, replacing)`.
 * An action this release does not know shows its name and its detail as recorded.
 */
export function auditWhat(action: string, detail: Record<string, unknown> | null): string {
  const d = detail ?? {};
  if (isAuditAction(action)) return WORDS[action](d);
  return detail ? `${action}: ${JSON.stringify(detail)}` : action;
}
