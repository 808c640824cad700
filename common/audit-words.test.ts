import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction, auditActionName } from './api/audit';
import { auditWhat, usDate } from './audit-words';

type Case = [detail: Record<string, unknown> | null, words: string];

/**
 * Each action with the detail its `recordAudit` call writes (see the server's services) and the
 * words the screen shows. Keyed by the action list, so a new action needs its case here.
 */
const CASES: Record<AuditAction, Case[]> = {
  login: [
    [null, 'Signed in'],
    [{ method: 'sso' }, 'Signed in with single sign-on'],
  ],
  login_failed: [[null, 'Failed sign-in: wrong username or password']],
  login_locked: [
    [{ by: 'username' }, 'Sign-in refused: too many failed attempts for this username'],
    [{ by: 'address' }, 'Sign-in refused: too many failed attempts from this address'],
  ],
  login_refused_disabled: [[null, 'Sign-in refused: the account is disabled']],
  login_refused_password_off: [[null, 'Sign-in refused: passwords are turned off']],
  login_sso_refused: [
    [{ reason: 'sso_state_invalid' }, 'Single sign-on refused: not started here, expired or already used'],
    [
      { reason: 'sso_no_account', email: 'x@example.com' },
      'Single sign-on refused: no active account for x@example.com',
    ],
    [
      { reason: 'sso_email_unverified', email: 'x@example.com' },
      'Single sign-on refused: the e-mail address x@example.com is not verified',
    ],
    [
      { reason: 'sso_failed' },
      'Single sign-on refused: the identity provider refused or its answer failed a check',
    ],
  ],
  logout: [
    [null, 'Signed out'],
    [{ reason: 'idle' }, 'Signed out automatically after inactivity'],
  ],
  password_reset_requested: [
    [null, 'Password reset requested'],
    [{ account: false }, 'Password reset requested for an email with no account'],
  ],
  password_reset: [[null, 'Reset the password with a reset link']],
  password_change_failed: [[null, 'Password change refused: wrong current password']],
  password_change_locked: [
    [{ by: 'username' }, 'Password change refused: too many failed attempts for this username'],
  ],
  password_changed: [[null, 'Changed their own password']],
  mfa_login_failed: [
    [{ method: 'code' }, 'Sign-in refused at the second step: wrong code'],
    [{ method: 'passkey' }, 'Sign-in refused at the second step: the passkey did not verify'],
  ],
  mfa_login_locked: [[{ by: 'username' }, 'Second step refused: too many failed attempts for this username']],
  mfa_enabled: [[null, 'Turned on the authenticator app']],
  mfa_disabled: [[null, 'Turned off their authenticator app']],
  mfa_disable_failed: [[null, 'Turning off the authenticator app refused: wrong password or code']],
  mfa_reset_by_admin: [
    [{ user_id: 4, username: 'nurse' }, 'Turned off the second factor of nurse and ended their sessions'],
  ],
  recovery_code_used: [[{ left: 9 }, 'Signed in with a recovery code (9 left)']],
  passkey_added: [[{ name: 'Laptop' }, 'Added the passkey Laptop']],
  passkey_renamed: [[{ from: 'Laptop', to: 'Work laptop' }, 'Renamed a passkey Laptop to Work laptop']],
  passkey_removed: [[{ name: 'Laptop' }, 'Removed the passkey Laptop']],
  session_ended: [[{ own: true }, 'Ended one of their sessions']],
  security_changed: [
    [{ mfa_required_for: { before: 'none', after: 'admins' } }, 'Second factor required for: none → admins'],
  ],
  first_admin_created: [[null, 'Created the first admin account']],
  user_created: [[{ user_id: 4, username: 'nurse', role: 'provider' }, 'Added user nurse (provider)']],
  user_updated: [
    [
      { user_id: 4, username: 'nurse', changed: ['role', 'is_active', 'provider_name', 'password'] },
      'Changed user nurse: role, active, provider name, password',
    ],
    [{ user_id: 4, username: 'nurse', changed: [] }, 'Saved user nurse with no change'],
  ],
  user_deleted: [[{ user_id: 4, username: 'nurse' }, 'Deleted user nurse']],
  code_mapping_added: [
    [
      { proc_code: 'D6114', label: 'Perm Upper', value: 14995 },
      'Added code mapping D6114 (Perm Upper, $14,995)',
    ],
    [{ proc_code: 'D0150', label: 'Consult', value: null }, 'Added code mapping D0150 (Consult, no value)'],
  ],
  code_mapping_updated: [
    [
      {
        before: { proc_code: 'D6114', label: 'Perm Upper', value: 14995 },
        after: { proc_code: 'D6115', label: 'Perm Upper', value: 15000.5 },
      },
      'Changed code mapping D6114: code D6114 -> D6115, value $14,995 -> $15,000.50',
    ],
    [
      {
        before: { proc_code: 'D6114', label: 'Perm Upper', value: 1 },
        after: { proc_code: 'D6114', label: 'Perm Upper', value: 1 },
      },
      'Saved code mapping D6114 with no change',
    ],
  ],
  code_mapping_deleted: [
    [
      { before: { proc_code: 'D6114', label: 'Perm Upper', value: 14995 } },
      'Deleted code mapping D6114 (Perm Upper, $14,995)',
    ],
  ],
  system_initialized: [
    [{ code_mappings_added: 12 }, 'Initialized the system: 12 default code mappings added'],
  ],
  worklist_thresholds_changed: [
    [
      {
        before: { awaiting_final: 180, awaiting_surgery: 30, pending_finance: 30, undecided: 14 },
        after: { awaiting_final: 180, awaiting_surgery: 30, pending_finance: 45, undecided: 14 },
      },
      'Changed worklist thresholds: Pending Finance 30 -> 45 days',
    ],
  ],
  goals_changed: [
    [
      {
        year: 2026,
        goals: 3,
        added: ['Dr. Ann Lee: Consults'],
        changed: ['Dr. Bo Chan: Arch value'],
        removed: [],
      },
      'Saved the 2026 goals: added Dr. Ann Lee: Consults; changed Dr. Bo Chan: Arch value',
    ],
    [
      { year: 2025, goals: 0, added: [], changed: [], removed: ['Dr. Bo Chan: Cases won'] },
      'Saved the 2025 goals: removed Dr. Bo Chan: Cases won',
    ],
    [{ year: 2026, goals: 2, added: [], changed: [], removed: [] }, 'Saved the 2026 goals with no change'],
  ],
  marketing_spend_changed: [
    [
      {
        year: 2026,
        sources: 2,
        total: { before: 12000, after: 15000.5 },
        added: ['Radio'],
        changed: ['Google Ads'],
        removed: [],
      },
      'Saved the 2026 marketing spend ($12,000 -> $15,000.50 in the year): added Radio; changed Google Ads',
    ],
    [
      { year: 2025, sources: 0, total: { before: 0, after: 0 }, added: [], changed: [], removed: [] },
      'Saved the 2025 marketing spend with no change',
    ],
  ],
  report_subscription_changed: [
    [
      {
        before: { monthly_report: false, daily_digest: false },
        after: { monthly_report: true, daily_digest: false },
      },
      'Turned on the monthly report',
    ],
    [
      {
        before: { monthly_report: true, daily_digest: false },
        after: { monthly_report: false, daily_digest: true },
      },
      'Turned off the monthly report, turned on the daily digest',
    ],
    [
      {
        before: { monthly_report: true, daily_digest: false },
        after: { monthly_report: true, daily_digest: false },
      },
      'Saved e-mail reports with no change',
    ],
  ],
  report_sent: [
    [{ kind: 'monthly_report', period: '2026-11' }, 'Sent the monthly report for November 2026'],
    [{ kind: 'daily_digest', period: '2026-12-01' }, 'Sent the daily digest of 12/01/2026'],
    [
      { kind: 'monthly_report', period: '2026-11', now: true },
      'Sent the monthly report for November 2026 now, outside the schedule',
    ],
  ],
  report_failed: [
    [
      { kind: 'monthly_report', period: '2026-11', attempts: 5, reason: '550 Mailbox unavailable' },
      'Could not send the monthly report for November 2026 after 5 tries: 550 Mailbox unavailable',
    ],
  ],
  privacy_changed: [
    [{ providers_see_own_only: { before: false, after: true } }, 'Turned on "Providers see their own"'],
    [{ providers_see_own_only: { before: true, after: false } }, 'Turned off "Providers see their own"'],
    [{ providers_see_own_only: { before: true, after: true } }, 'Saved "Providers see their own" (still on)'],
  ],
  opendental_settings_changed: [
    [
      {
        before: { host: null, port: null, database: null, user: null, schedule: 'off' },
        after: { host: 'od-server', port: 3306, database: 'opendental', user: 'reader', schedule: 'daily' },
        password_changed: true,
      },
      'Changed the Open Dental connection: host none -> od-server, port none -> 3306, database none -> opendental, user none -> reader, schedule off -> daily, a new password',
    ],
    [
      {
        before: { host: 'od', port: 3306, database: 'opendental', user: 'reader', schedule: 'off' },
        after: { host: 'od', port: 3306, database: 'opendental', user: 'reader', schedule: 'off' },
        password_changed: false,
      },
      'Saved the Open Dental connection with no change',
    ],
  ],
  import: [
    [
      { kind: 'raw-data', file_name: 'report.csv', replace: true, rows_imported: 1805, rows_skipped: 3 },
      'Imported Full Arch Report: 1,805 rows, 3 skipped (report.csv, replacing)',
    ],
    [
      { kind: 'ignore-list', file_name: 'ignore.xlsx', replace: false, rows_imported: 1, rows_skipped: 0 },
      'Imported Ignore List: 1 row (ignore.xlsx, merging)',
    ],
  ],
  export: [
    [
      { kind: 'dashboard', provider: 'All Providers', location: null, year: 2025 },
      'Exported the dashboard workbook: All Providers, 2025',
    ],
    [
      { kind: 'report', provider: 'Dr. Sarah Chen', location: 'lakeside', year: 2026 },
      'Exported the PDF report: Dr. Sarah Chen, at lakeside, 2026',
    ],
    [
      {
        kind: 'worklist',
        stage: 'pending_finance',
        provider: 'Dr. Sarah Chen',
        location: 'downtown',
        as_of: '2026-01-05',
        rows: 12,
      },
      'Exported the follow-up worklist: Pending Finance, Dr. Sarah Chen, at downtown, as of 01/05/2026: 12 rows',
    ],
    [{ kind: 'scoresheet' }, 'Exported the scoresheet'],
    [
      { kind: 'scoresheet', provider: 'Dr. Sarah Chen' },
      "Exported the scoresheet (only Dr. Sarah Chen's patients)",
    ],
    [
      {
        kind: 'details',
        list: 'consult-details',
        type: 'consults_won',
        provider: 'All Providers',
        location: null,
        year: 2025,
        rows: 5,
      },
      'Exported Consults Won: All Providers, 2025: 5 rows',
    ],
    [
      {
        kind: 'details',
        list: 'future-case-details',
        month: 'TBD',
        provider: 'Dr. Lee',
        location: 'Unassigned',
        rows: 2,
      },
      'Exported Future Scheduled Treatments: Dr. Lee, at no location, no date yet (TBD): 2 rows',
    ],
  ],
  scoresheet_viewed: [[{ rows: 312 }, 'Viewed the scoresheet: 312 rows']],
  details_viewed: [
    [
      { list: 'arch-case-details', month: '2025-10', provider: null, location: null },
      'Viewed Arch Cases: All Providers, October 2025',
    ],
    [
      { list: 'pending-finance-details', provider: ' (no provider name)', location: null },
      'Viewed Pending Finance Cases: No provider name',
    ],
    [
      { list: 'arch-case-details', month: '2025', provider: null, location: null, page: 3 },
      'Viewed Arch Cases: All Providers, 2025 (from page 3)',
    ],
  ],
  worklist_viewed: [
    [
      {
        list: 'worklist',
        stage: null,
        provider: null,
        location: null,
        asOf: '2026-01-05',
        includeScheduled: true,
        limit: null,
      },
      'Viewed the follow-up worklist: All Stages, All Providers, as of 01/05/2026, including scheduled',
    ],
    [
      {
        list: 'worklist',
        stage: 'undecided',
        provider: null,
        location: null,
        asOf: '2026-01-05',
        includeScheduled: false,
        includeSnoozed: true,
        assignedTo: 'kim',
        sort: 'value',
        limit: 100,
      },
      'Viewed the follow-up worklist: Lost, win back, All Providers, as of 01/05/2026, including snoozed, assigned to kim',
    ],
    [
      { list: 'worklist', asOf: '2026-01-05', assignedTo: 'unassigned' },
      'Viewed the follow-up worklist: All Stages, All Providers, as of 01/05/2026, unassigned',
    ],
  ],
  patient_search: [
    [{ q: 'an', results: 20, total: 45 }, 'Searched patients for "an": 45 patients found, 20 listed'],
    [
      { q: 'zed', results: 1, total: 1, provider: 'Dr. Lee' },
      `Searched patients for "zed": 1 patient found (only Dr. Lee's patients)`,
    ],
  ],
  patient_lookup: [
    [{ patient_name: 'Anthony Hernandez' }, 'Looked up patient Anthony Hernandez'],
    [
      { patient_name: 'Anthony Hernandez', provider: 'Dr. Lee' },
      "Looked up patient Anthony Hernandez (only Dr. Lee's patients)",
    ],
  ],
  patient_lookup_not_found: [[{ name: 'Nobody Here' }, 'Looked up "Nobody Here": not found']],
  activity_logged: [
    [
      { patient_name: 'Ann Lee', kind: 'call', outcome: 'no_answer', date: '2026-06-02' },
      'Logged Call (No answer) of 06/02/2026 for patient Ann Lee',
    ],
    [
      { patient_name: 'Ann Lee', kind: 'note', date: '2026-06-02', provider: 'Dr. Lee' },
      "Logged Note of 06/02/2026 for patient Ann Lee (only Dr. Lee's patients)",
    ],
  ],
  activity_viewed: [[{ patient_name: 'Ann Lee' }, 'Viewed the case of patient Ann Lee']],
  activity_deleted: [
    [
      { patient_name: 'Ann Lee', kind: 'close', date: '2026-06-02' },
      'Deleted Closed of 06/02/2026 of patient Ann Lee',
    ],
  ],
  team_activity_viewed: [
    [{ from: '2026-06-01', to: '2026-06-30' }, 'Viewed team activity from 06/01/2026 to 06/30/2026'],
  ],
  backup_made: [
    [
      { file: 'full-arch-backup-2026-11-27T02-00-04.fab', size: 40_370_000, scheduled: true },
      'Scheduled backup full-arch-backup-2026-11-27T02-00-04.fab made (38.5 MB)',
    ],
    [
      { file: 'full-arch-backup-2026-11-27T14-10-00.fab' },
      'Backup full-arch-backup-2026-11-27T14-10-00.fab made',
    ],
  ],
  backup_failed: [
    [
      { scheduled: true, reason: 'No space left on the backup disk' },
      'Scheduled backup failed: No space left on the backup disk',
    ],
    [{}, 'Backup failed: an error on the server'],
  ],
  audit_viewed: [
    [{ page: 1 }, 'Viewed the audit log, page 1: all events'],
    [
      { user: 'drlee', action: 'patient_lookup', from: '2026-03-01', to: '2026-03-31', page: 2 },
      'Viewed the audit log, page 2: user drlee, Patient lookup, 03/01/2026 to 03/31/2026',
    ],
  ],
  audit_exported: [
    [{ from: '2026-03-01', rows: 312 }, 'Exported the audit log: from 03/01/2026, 312 events'],
  ],
};

describe('audit words', () => {
  it('names every action, each differently', () => {
    const names = AUDIT_ACTIONS.map((a) => AUDIT_ACTION_NAMES[a]);
    expect(names.every((n) => n.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const action of AUDIT_ACTIONS) {
    it.each(CASES[action])(`${action}: %j`, (detail, words) => {
      expect(auditWhat(action, detail)).toBe(words);
    });

    it(`${action}: a row without its detail still reads as words`, () => {
      const words = auditWhat(action, null);
      expect(words).not.toMatch(/undefined|null|\[object/);
      expect(words.length).toBeGreaterThan(5);
    });
  }

  it('shows an action this release does not know as recorded', () => {
    expect(auditActionName('retired_action')).toBe('retired_action');
    expect(auditWhat('retired_action', { a: 1 })).toBe('retired_action: {"a":1}');
    expect(auditWhat('retired_action', null)).toBe('retired_action');
  });

  it('writes a plain date as the screens do', () => {
    expect(usDate('2026-01-05')).toBe('01/05/2026');
    expect(usDate('TBD')).toBe('TBD');
  });
});
