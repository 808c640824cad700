/**
 * Every row of the `settings` table, named once: a newcomer sees here all that is kept there, and
 * no two features can pick the same key. Each is read and written by the module named beside it.
 */
export const SETTING_KEYS = {
  /** Moved on by every change of imported data or mappings (db/versions.ts). */
  dataVersion: 'data_version',
  /** Moved on by every change of imported data or mappings but a Leads file's (db/versions.ts). */
  reportsVersion: 'reports_version',
  /** Moved on by every change of case work (db/versions.ts). */
  activityVersion: 'activity_version',
  /** Moved on when the names shown on activities change (db/versions.ts). */
  activityNamesVersion: 'activity_names_version',
  /** "Providers see their own" (caller/provider-rule.ts, config/privacy.ts). */
  providersSeeOwnOnly: 'providers_see_own_only',
  /** Which scoresheet rules the stored scoresheet was computed by (scoresheet/upgrade.ts). */
  scoresheetRules: 'scoresheet_rules',
  /** The Follow-ups thresholds (worklist/thresholds.ts). */
  worklistThresholds: 'worklist_thresholds',
  /** The Open Dental connection, its password sealed (sync/opendental/settings.ts). */
  opendentalConnection: 'opendental_connection',
  /** The key sessions' tokens are signed with, unless JWT_SECRET is set (bootstrap.ts). */
  jwtSecret: 'jwt_secret',
  /** Who must have a second factor (auth/security-setting.ts). */
  mfaRequiredFor: 'mfa_required_for',
  /** The key patients' ids are made with (caller/patient-refs.ts). */
  patientIdKey: 'patient_id_key',
  /** When the daily backups began: an earlier slot is not one missed (backups/service.ts). */
  backupsSince: 'backups_since',
} as const;
