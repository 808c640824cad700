/**
 * Case follow-up (docs/behaviour.md section 15): what the practice did about a stalled case, as
 * activities appended to the patient's record, and the case state read from them.
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { CASE_TEAM } from '../roles';
import { endpoint, signedIn } from './endpoint';
import { patientAsked, patientNameField, patientRefBody, patientRefResponse, personLeads } from './patients';
import { ok } from './shared';
import { STAGES } from './stages';

export const CONTACT_KINDS = ['call', 'text', 'email', 'visit'] as const;
export const ACTIVITY_KINDS = [
  ...CONTACT_KINDS,
  'note',
  'financing',
  'assign',
  'close',
  'reopen',
  'snooze',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const OUTCOMES = ['reached', 'no_answer', 'left_message', 'scheduled', 'declined'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const FINANCING_STATUSES = ['applied', 'approved', 'denied', 'withdrawn'] as const;
export type FinancingStatus = (typeof FINANCING_STATUSES)[number];
export const CLOSE_REASONS = [
  'cost',
  'financing_denied',
  'chose_elsewhere',
  'not_a_candidate',
  'no_response',
  'health',
  'other',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** The words the screens, the export and the audit log use for each value. */
export const KIND_NAMES: Record<ActivityKind, string> = {
  call: 'Call',
  text: 'Text',
  email: 'Email',
  visit: 'Visit',
  note: 'Note',
  financing: 'Financing',
  assign: 'Assigned',
  close: 'Closed',
  reopen: 'Reopened',
  snooze: 'Snoozed',
};
export const OUTCOME_NAMES: Record<Outcome, string> = {
  reached: 'Reached',
  no_answer: 'No answer',
  left_message: 'Left message',
  scheduled: 'Scheduled',
  declined: 'Declined',
};
export const FINANCING_STATUS_NAMES: Record<FinancingStatus, string> = {
  applied: 'Applied',
  approved: 'Approved',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
};
export const CLOSE_REASON_NAMES: Record<CloseReason, string> = {
  cost: 'Cost',
  financing_denied: 'Financing denied',
  chose_elsewhere: 'Chose another practice',
  not_a_candidate: 'Not a candidate',
  no_response: 'No response',
  health: 'Health',
  other: 'Other',
};

export const MAX_NOTE_LENGTH = 2000;
export const MAX_LENDER_LENGTH = 80;

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date written YYYY-MM-DD` })
    .refine(isCalendarDate, `${field} must be a date written YYYY-MM-DD`);
const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });

/**
 * What each kind takes besides the fields every kind may carry (date, next_follow_up, note);
 * `required` ones must be given. A field of another kind is 400 naming it.
 */
export const KIND_FIELDS: Record<ActivityKind, { required: readonly string[]; optional: readonly string[] }> =
  {
    call: { required: ['outcome'], optional: [] },
    text: { required: ['outcome'], optional: [] },
    email: { required: ['outcome'], optional: [] },
    visit: { required: ['outcome'], optional: [] },
    note: { required: ['note'], optional: [] },
    financing: { required: ['lender', 'financing_status'], optional: ['amount'] },
    assign: { required: ['assigned_to'], optional: [] },
    close: { required: ['reason'], optional: [] },
    reopen: { required: [], optional: [] },
    // A later day to come back to the patient, without a contact (section 15).
    snooze: { required: ['next_follow_up'], optional: [] },
  };
const COMMON_FIELDS = ['patient_name', 'kind', 'date', 'next_follow_up', 'note'];

/**
 * `POST /api/patient/activity`. Each field's type is checked here; which fields a kind takes, and
 * the checks that need the server (a date after today, an unknown user), are the server's.
 */
export const activityBody = z
  .object({
    patient_name: patientNameField,
    kind: oneOf('kind', ACTIVITY_KINDS),
    date: day('date').optional(),
    /** A day sets the next follow-up; null clears it; absent leaves it as it was. */
    next_follow_up: day('next_follow_up').nullable().optional(),
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(MAX_NOTE_LENGTH, `note is at most ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters`)
      .optional(),
    outcome: oneOf('outcome', OUTCOMES).optional(),
    lender: z
      .string({ error: 'lender must be text' })
      .trim()
      .min(1, 'lender is required')
      .max(MAX_LENDER_LENGTH, `lender is at most ${MAX_LENDER_LENGTH} characters`)
      .optional(),
    financing_status: oneOf('financing_status', FINANCING_STATUSES).optional(),
    amount: z
      .number({ error: 'amount must be a number of at least 0' })
      .min(0, 'amount must be a number of at least 0')
      .max(1e12, 'amount is too large')
      .optional(),
    /** A username, or null to unassign. */
    assigned_to: z
      .string({ error: 'assigned_to must be a username or null' })
      .trim()
      .max(100)
      .nullable()
      .optional(),
    reason: oneOf('reason', CLOSE_REASONS).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const fields = KIND_FIELDS[body.kind];
    for (const field of fields.required) {
      const value = body[field as keyof typeof body];
      if (value === undefined || (field === 'note' && value === ''))
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required for ${body.kind}` });
      // A snooze comes back on a day: clearing the next follow-up is no snooze.
      else if (field === 'next_follow_up' && value === null)
        ctx.addIssue({ code: 'custom', path: [field], message: `${field} must be a date for ${body.kind}` });
    }
    for (const field of Object.keys(body)) {
      if (COMMON_FIELDS.includes(field) || fields.required.includes(field) || fields.optional.includes(field))
        continue;
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} is not a field of ${body.kind}` });
    }
  });
export type ActivityBody = z.input<typeof activityBody>;

export const activity = z.object({
  id: z.number().int(),
  patient_name: z.string(),
  date: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  outcome: z.enum(OUTCOMES).nullable(),
  note: z.string().nullable(),
  next_follow_up: z.string().nullable(),
  assigned_to: z.string().nullable(),
  lender: z.string().nullable(),
  financing_status: z.enum(FINANCING_STATUSES).nullable(),
  amount: z.number().nullable(),
  reason: z.enum(CLOSE_REASONS).nullable(),
  /** The request sent `next_follow_up: null`. */
  cleared_follow_up: z.boolean(),
  /** Who wrote it: their current username (the last one, once deleted). */
  user: z.string(),
  logged_at: z.string(),
});
export type Activity = z.infer<typeof activity>;

export const financing = z.object({
  date: z.string(),
  lender: z.string(),
  financing_status: z.enum(FINANCING_STATUSES),
  amount: z.number().nullable(),
});
export const lastContact = z.object({
  date: z.string(),
  kind: z.enum(CONTACT_KINDS),
  outcome: z.enum(OUTCOMES),
});

export const caseState = z.object({
  assigned_to: z.string().nullable(),
  next_follow_up: z.string().nullable(),
  financing: financing.nullable(),
  closed: z.object({ date: z.string(), reason: z.enum(CLOSE_REASONS) }).nullable(),
  last_contact: lastContact.nullable(),
  attempts: z.number().int(),
});
export type CaseState = z.infer<typeof caseState>;

/**
 * Where the patient stands on today's follow-up worklist as it first shows (no appointments, no
 * snoozed): `listed` (due and on it), `snoozed` (off it until the next follow-up), `booked` (due,
 * but off it while an appointment is booked), `waiting` (in the stage, not yet at its threshold) or
 * `closed` (the case was closed).
 */
export const LISTINGS = ['listed', 'snoozed', 'booked', 'waiting', 'closed'] as const;
export type Listing = (typeof LISTINGS)[number];
export const worklistStanding = z.object({
  stage: z.enum(STAGES),
  since: z.string(),
  days_waiting: z.number().int(),
  listing: z.enum(LISTINGS),
  /** The day the patient comes onto the list: the next follow-up when snoozed, the day the threshold is reached when waiting; else null. */
  listed_on: z.string().nullable(),
});
export type WorklistStanding = z.infer<typeof worklistStanding>;

export const activityCreated = ok.extend({ activity });
export const activitiesQuery = patientAsked;
export const activitiesResponse = ok.extend({
  patient_name: z.string(),
  /** The patient's id for addresses (common/patient-id.ts). */
  patient_id: z.string(),
  /** The last phone the files gave (section 2), or null. */
  phone: z.string().nullable(),
  /** The person's source, their first touch (section 19), or null with no lead. */
  source: z.string().nullable(),
  /** The person's leads, newest first (section 19). */
  leads: personLeads,
  case: caseState,
  /** Null when the patient is in no stage today (section 12). */
  worklist: worklistStanding.nullable(),
  /** Newest first. */
  activities: z.array(activity),
});
export type ActivitiesResponse = z.infer<typeof activitiesResponse>;
export const activityParams = z.object({
  id: z.coerce.number<string>({ error: 'id must be a whole number' }).int('id must be a whole number').min(1),
});

export const assigneesResponse = ok.extend({ users: z.array(z.string()) });

const teamCounts = z.object({
  contacts: z.number().int(),
  reached: z.number().int(),
  scheduled: z.number().int(),
  notes: z.number().int(),
  financing: z.number().int(),
  closed: z.number().int(),
});
export type TeamCounts = z.infer<typeof teamCounts>;
export const summaryQuery = z.object({
  from: day('from').optional(),
  to: day('to').optional(),
});
export const summaryResponse = ok.extend({
  from: z.string(),
  to: z.string(),
  users: z.array(teamCounts.extend({ user: z.string() })),
  totals: teamCounts,
  outcomes: z.object({
    reached: z.number().int(),
    no_answer: z.number().int(),
    left_message: z.number().int(),
    scheduled: z.number().int(),
    declined: z.number().int(),
  }),
  close_reasons: z.object({
    cost: z.number().int(),
    financing_denied: z.number().int(),
    chose_elsewhere: z.number().int(),
    not_a_candidate: z.number().int(),
    no_response: z.number().int(),
    health: z.number().int(),
    other: z.number().int(),
  }),
});
export type SummaryResponse = z.infer<typeof summaryResponse>;

export const activitiesApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/patient/activity',
    access: signedIn,
    tag: 'patients',
    body: activityBody,
    response: activityCreated,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/patient/activity',
    access: signedIn,
    tag: 'patients',
    query: activitiesQuery,
    response: activitiesResponse,
  }),
  /**
   * The id for addresses of a patient named (common/patient-id.ts): found as the case is (404
   * otherwise), so a link never names the patient.
   */
  ref: endpoint({
    method: 'POST',
    path: '/api/patient/ref',
    access: signedIn,
    tag: 'patients',
    body: patientRefBody,
    response: patientRefResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/patient/activity/:id',
    access: signedIn,
    tag: 'patients',
    params: activityParams,
    response: ok,
  }),
  assignees: endpoint({
    method: 'GET',
    path: '/api/worklist/assignees',
    access: signedIn,
    tag: 'worklist',
    response: assigneesResponse,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/worklist/summary',
    access: { roles: CASE_TEAM, forbidden: 'Only coordinators, managers and admins can see team activity' },
    tag: 'worklist',
    query: summaryQuery,
    response: summaryResponse,
  }),
};
