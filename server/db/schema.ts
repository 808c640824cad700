import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ActivityKind, CloseReason, FinancingStatus, Outcome } from '../../common/api/activities';
import type { WinLoss } from '../../common/api/config';
import type { ErrorCode } from '../../common/api/error-codes';
import type { GoalMetric } from '../../common/api/goals';
import type { HistoryKind } from '../../common/api/imports';
import type { ReportKind } from '../../common/api/reports';
import type { Role } from '../../common/roles';

// Money columns are numeric(14,2) so sums are exact; the client parses them to numbers.
// Generic in the name, so each column keeps its SQL name in its type (see rows.ts).
const money = <N extends string>(name: N) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const day = <N extends string>(name: N) => date(name, { mode: 'string' });
const at = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    role: text('role').$type<Role>().notNull(),
    providerName: text('provider_name'),
    isActive: boolean('is_active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    // Bumped when a password changes or the account is disabled, so older tokens stop working.
    tokenVersion: integer('token_version').notNull().default(0),
    lastLogin: at('last_login'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
  ],
);

/**
 * Sign-in attempts, written before the password is checked and deleted by a success (see
 * auth/throttle.ts): what remains are failures, counted per username and per client address.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usernameKey: text('username_key').notNull(),
    ip: text('ip'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_key_at').on(t.usernameKey, t.at),
    index('login_failures_ip_at').on(t.ip, t.at),
  ],
);

export const resetTokens = pgTable('reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/**
 * A single sign-on in progress (server/sso): started by the redirect to the identity provider and
 * taken, once, by its callback. Kept here rather than in one process's memory, so the callback may
 * reach any app process. Named by the hash of its `state`.
 */
export const ssoFlows = pgTable('sso_flows', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * A single sign-on's outcome, waiting for the web app to take it with its one-time ticket (named by
 * the ticket's hash): the user to sign in, or the refusal in words. No session token is kept: the
 * session starts when the ticket is taken.
 */
export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  refusal: jsonb('refusal').$type<{ status: 401 | 403 | 502; code: ErrorCode; message: string }>(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * One row per sign-in, named by its token (caller/sessions.ts): deleting it ends that token in every
 * app process at once. Times are the app's clock, which also judges them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    // Moved on by a call at most once a minute, so that most calls write nothing.
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    // Where and with what the sign-in was made, shown on the Security page's list of sessions.
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id').on(t.userId)],
);

/**
 * A user's authenticator app (docs/behaviour.md section 20). The secrets are sealed like the Open
 * Dental password (platform/secret-box.ts): a copy of the database alone gives none back.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The confirmed secret, sealed; null until confirmed. */
  secretSealed: text('secret_sealed'),
  /** A secret handed out by setup and not yet confirmed, sealed. */
  pendingSealed: text('pending_sealed'),
  /** The last 30-second step a code was accepted for: a code is good once. */
  lastStep: bigint('last_step', { mode: 'number' }),
  enabledAt: at('enabled_at'),
  /** The challenge of a passkey registration under way, and when it lapses. */
  passkeyChallenge: text('passkey_challenge'),
  passkeyChallengeExpiresAt: at('passkey_challenge_expires_at'),
});

/** Single-use recovery codes, stored hashed (SHA-256 of a random 60-bit code). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('recovery_codes_user_id').on(t.userId)],
);

/** A user's passkeys (WebAuthn credentials), each named. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Base64url, as the browser names the credential. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_user_id').on(t.userId)],
);

/**
 * The one-time tokens of a two-step sign-in: `login` (the second step after the password) or
 * `setup` (a forced setup of the authenticator app). Stored hashed; times are the app's clock.
 */
export const mfaTokens = pgTable(
  'mfa_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'login' | 'setup'>().notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    /** The WebAuthn challenge of a passkey sign-in on this token. */
    challenge: text('challenge'),
  },
  (t) => [index('mfa_tokens_user_id').on(t.userId)],
);

/** Small shared values every app process must agree on: the JWT secret, the data version. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  // Newest first is (at, id) descending: one index for the whole log and a date range, one each
  // for the user and action filters (docs/behaviour.md section 8).
  (t) => [
    index('audit_log_at_id').on(t.at, t.id),
    index('audit_log_action_at_id').on(t.action, t.at, t.id),
    index('audit_log_username_at_id').on(sql`lower(${t.username})`, t.at, t.id),
  ],
);

export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<HistoryKind>().notNull(),
  fileName: text('file_name').notNull(),
  userId: integer('user_id'),
  username: text('username'),
  rowsImported: integer('rows_imported').notNull(),
  rowsSkipped: integer('rows_skipped').notNull(),
  replace: boolean('replace').notNull(),
  at: at('at').notNull().defaultNow(),
});

// Row order (id) is file order, older imports first: the tie-break order of docs/behaviour.md section 1.
export const procedures = pgTable(
  'procedures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientKey: text('patient_key').notNull(),
    patientName: text('patient_name').notNull(),
    date: day('date').notNull(),
    code: text('code').notNull(),
    provider: text('provider').notNull(),
    description: text('description'),
    amount: money('amount'),
    location: text('location'),
    phone: text('phone'),
  },
  (t) => [index('procedures_patient_key').on(t.patientKey)],
);

export const futureAppointments = pgTable(
  'future_appointments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientKey: text('patient_key').notNull(),
    patientName: text('patient_name').notNull(),
    apptDate: day('appt_date'),
    code: text('code').notNull(),
    provider: text('provider').notNull(),
    description: text('description'),
    scheduledStatus: text('scheduled_status').notNull(),
    location: text('location'),
    phone: text('phone'),
  },
  (t) => [index('future_appointments_patient_key').on(t.patientKey)],
);

export const ignoreList = pgTable(
  'ignore_list',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    patientKey: text('patient_key').notNull(),
    patientName: text('patient_name').notNull(),
    yearCode: text('year_code').notNull(),
    notes: text('notes'),
  },
  (t) => [primaryKey({ columns: [t.patientKey, t.yearCode] })],
);

export const codeMappings = pgTable('code_mappings', {
  procCode: text('proc_code').primaryKey(),
  label: text('label').notNull(),
  value: money('value'),
});

export const mappingValues = pgTable('mapping_values', {
  id: serial('id').primaryKey(),
  procedureStatus: text('procedure_status').notNull().unique(),
  noOfArches: integer('no_of_arches').notNull(),
  winLoss: text('win_loss').$type<WinLoss>().notNull(),
  caseValue: money('case_value').notNull(),
});

export const scoresheet = pgTable('scoresheet', {
  patientKey: text('patient_key').primaryKey(),
  patientName: text('patient_name').notNull(),
  provider: text('provider').notNull(),
  score: integer('score').notNull(),
  procedureStatus: text('procedure_status').notNull(),
  consultDate: day('consult_date'),
  dateOfTempPlacement: day('date_of_temp_placement'),
  caseDate: day('case_date'),
  pendingFinanceDate: day('pending_finance_date'),
  winLoss: text('win_loss').$type<WinLoss>().notNull(),
  noOfArches: integer('no_of_arches').notNull(),
  caseValue: money('case_value').notNull(),
  presentedDate: day('presented_date'),
  acceptedDate: day('accepted_date'),
  permDate: day('perm_date'),
  location: text('location'),
});

/**
 * Each office once, under its case-folded key, with the spelling first seen (Full Arch Report,
 * then Future Scheduled, in row order): docs/behaviour.md section 11. Rebuilt after every import.
 */
export const locations = pgTable('locations', {
  locationKey: text('location_key').primaryKey(),
  location: text('location').notNull(),
});

/** Each patient once, with the display name first seen (docs/behaviour.md section 1), for names and search. */
export const patients = pgTable('patients', {
  patientKey: text('patient_key').primaryKey(),
  patientName: text('patient_name').notNull(),
  /** The last phone the files gave (docs/behaviour.md section 2); a lead-only person's, their leads'. */
  phone: text('phone'),
  /** A person known only from leads (section 19): in search and lookup, never a patient of the figures. */
  leadOnly: boolean('lead_only').notNull().default(false),
});

/**
 * The inquiries of the Leads file (docs/behaviour.md section 19), in section 1's order by id. One
 * lead per key, date and source (`source_key`, case-folded): a repeated row is not stored again.
 * `person_key` is the patient the lead matched, else its own key, set by every rebuild of the
 * patients (scoresheet/lead-people.ts).
 */
export const leads = pgTable(
  'leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientKey: text('patient_key').notNull(),
    patientName: text('patient_name').notNull(),
    leadDate: day('lead_date').notNull(),
    source: text('source').notNull(),
    sourceKey: text('source_key').notNull(),
    phone: text('phone'),
    email: text('email'),
    location: text('location'),
    personKey: text('person_key'),
  },
  (t) => [
    uniqueIndex('leads_patient_key_lead_date_source_key').on(t.patientKey, t.leadDate, t.sourceKey),
    index('leads_person_key').on(t.personKey),
    // A source's first spelling, found by its first lead.
    index('leads_source_key_id').on(t.sourceKey, t.id),
  ],
);

/**
 * What the practice did about a patient's case (docs/behaviour.md section 15), appended and never
 * edited. Keyed by patient key, not by a row of the imported tables, so that no import, replace
 * or initialization touches it. The writer and the assignee are kept both by id (to follow a
 * rename) and by username (to keep the last name once the user is deleted).
 */
export const patientActivities = pgTable(
  'patient_activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientKey: text('patient_key').notNull(),
    // The display name when written: a patient no longer in any file is still shown by it.
    patientName: text('patient_name').notNull(),
    date: day('date').notNull(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    outcome: text('outcome').$type<Outcome>(),
    note: text('note'),
    nextFollowUp: day('next_follow_up'),
    // True when the request cleared the next follow-up (next_follow_up null and this true).
    clearedFollowUp: boolean('cleared_follow_up').notNull().default(false),
    assignedToId: integer('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    assignedTo: text('assigned_to'),
    lender: text('lender'),
    financingStatus: text('financing_status').$type<FinancingStatus>(),
    amount: money('amount'),
    reason: text('reason').$type<CloseReason>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    loggedAt: at('logged_at').notNull().defaultNow(),
  },
  // One patient's activities in order (date, then write order); the team summary's date range.
  (t) => [
    index('patient_activities_key_date_id').on(t.patientKey, t.date, t.id),
    index('patient_activities_date').on(t.date),
  ],
);

/**
 * Scheduled work claimed by one app process (docs/behaviour.md section 18): a row per job and
 * period (`opendental-sync` and the slot's start), inserted before the work starts, so however
 * many processes reach the same slot, one does it. A row whose period is `running` is a lock held
 * while the work runs, deleted after; its lease lets another process take over from one that was
 * killed.
 */
export const jobClaims = pgTable(
  'job_claims',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    /** Which process holds it: its id, never a name or an address. */
    holder: text('holder').notNull(),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    leaseUntil: at('lease_until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * Each backup once it ended, made or failed (docs/behaviour.md section 21): whether the file was
 * read back whole, and the last failure the admins' screen shows until a backup works again.
 */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  /** The file's name in the backup folder; null when it failed before it had one. */
  file: text('file'),
  size: bigint('size', { mode: 'number' }),
  scheduled: boolean('scheduled').notNull(),
  ok: boolean('ok').notNull(),
  /** Why it failed, in words for the admins: never a row of data. */
  error: text('error'),
  finishedAt: at('finished_at').notNull().defaultNow(),
});

/** Each sync from Open Dental once it ended, worked or failed; the latest is the status shown. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at').notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    recordsImported: integer('records_imported'),
    rowsSkipped: integer('rows_skipped'),
    error: text('error'),
    /** The code of `error` (common/api/error-codes.ts); null when it worked, or recorded before codes were kept. */
    errorCode: text('error_code').$type<ErrorCode>(),
    /** The codes read that had no code mapping, with their counts; null for a failed sync. */
    unmappedCodes: jsonb('unmapped_codes').$type<{ code: string; count: number }[]>(),
    /** `manual` (Sync now) or `schedule`. */
    trigger: text('trigger').$type<'manual' | 'schedule'>().notNull(),
    username: text('username'),
  },
  (t) => [index('sync_runs_finished_at').on(t.finishedAt, t.id)],
);

/**
 * Each provider's monthly goals (docs/behaviour.md section 16): one row per year, provider and
 * metric. `months` is the twelve amounts, January first; arch value to the cent.
 */
export const goals = pgTable(
  'goals',
  {
    year: integer('year').notNull(),
    provider: text('provider').notNull(),
    metric: text('metric').$type<GoalMetric>().notNull(),
    months: jsonb('months').$type<number[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.provider, t.metric] })],
);

/**
 * Each person with a lead (docs/behaviour.md section 19), keyed as their leads' `person_key`: their
 * first touch, and the phone their leads give them (the patient's own wins where they have one).
 * Worked out from the leads after every import (scoresheet/lead-people.ts) and written whole, so
 * the patients table is never rewritten for it.
 */
export const leadPeople = pgTable('lead_people', {
  personKey: text('person_key').primaryKey(),
  source: text('source').notNull(),
  firstLeadDate: day('first_lead_date').notNull(),
  phone: text('phone'),
});

/**
 * Money spent per marketing source and month (docs/behaviour.md section 19): one row per year and
 * source, under its case-folded key, spelled as last saved. `months` is twelve amounts, January first.
 */
export const marketingSpend = pgTable(
  'marketing_spend',
  {
    year: integer('year').notNull(),
    sourceKey: text('source_key').notNull(),
    source: text('source').notNull(),
    months: jsonb('months').$type<number[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.sourceKey] })],
);

/**
 * Each user's e-mail subscriptions (docs/behaviour.md section 17). `*_since` is when the switch was
 * last turned on: a period whose send time came before it is not sent.
 */
export const reportSubscriptions = pgTable('report_subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  monthlyReport: boolean('monthly_report').notNull().default(false),
  monthlySince: at('monthly_since'),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  digestSince: at('digest_since'),
});

/**
 * Each scheduled e-mail (user, kind, period), claimed before it is sent so it goes out once
 * whatever the number of app processes. A claim carries a lease: a process killed while sending
 * leaves a lease that runs out, and another process takes the send over.
 */
export const reportSends = pgTable(
  'report_sends',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<ReportKind>().notNull(),
    /** `YYYY-MM` for the monthly report (the month reported), `YYYY-MM-DD` for the digest. */
    period: text('period').notNull(),
    /** `sending` (claimed, leased), `retry` (failed, tried again from next_try), `sent` or `failed`. */
    status: text('status').$type<'sending' | 'retry' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    holder: text('holder'),
    leaseUntil: at('lease_until'),
    nextTry: at('next_try'),
    error: text('error'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);
