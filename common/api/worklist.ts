import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { financing, lastContact } from './activities';
import { dashboardQuery } from './dashboard';
import { editorsOnly, endpoint, signedIn } from './endpoint';
import { ok } from './shared';
import { STAGES, type Stage } from './stages';

// The stages live apart so the case contract can name them too (stages.ts).
export { STAGE_NAMES, STAGES, type Stage } from './stages';

/**
 * waiting: longest first (the default); recent: shortest first; value: case value, largest first;
 * follow_up: soonest first; approved: cases whose last financing is approved first (surgery to
 * book), each part longest first.
 */
export const WORKLIST_SORTS = ['waiting', 'recent', 'value', 'follow_up', 'approved'] as const;
export type WorklistSort = (typeof WORKLIST_SORTS)[number];

/** The most patients one page of the worklist may ask for. */
const MAX_PAGE = 10_000;

export const MAX_THRESHOLD_DAYS = 3650;
export const DEFAULT_THRESHOLDS: Record<Stage, number> = {
  awaiting_final: 180,
  awaiting_surgery: 30,
  pending_finance: 14,
  undecided: 14,
  /** Due the day the lead arrives (section 19). */
  new_lead: 0,
};

const days = z
  .number({ error: 'Each threshold must be a whole number of days' })
  .int('Each threshold must be a whole number of days')
  .min(0, `Each threshold must be between 0 and ${MAX_THRESHOLD_DAYS} days`)
  .max(MAX_THRESHOLD_DAYS, `Each threshold must be between 0 and ${MAX_THRESHOLD_DAYS} days`);
export const thresholds = z.object({
  awaiting_final: days,
  awaiting_surgery: days,
  pending_finance: days,
  undecided: days,
  new_lead: days,
});
export type Thresholds = z.infer<typeof thresholds>;

export const thresholdsResponse = ok.extend({ thresholds });
/** A PUT may leave `new_lead` out, keeping the one saved (section 19). */
export const thresholdsBody = z.object({ thresholds: thresholds.extend({ new_lead: days.optional() }) });

export const worklistQuery = z.object({
  stage: z.enum(STAGES, { error: `stage must be one of ${STAGES.join(', ')}` }).optional(),
  provider: dashboardQuery.shape.provider,
  location: dashboardQuery.shape.location,
  // An empty as_of is today, as when it is absent.
  as_of: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().refine(isCalendarDate, 'as_of must be a date written YYYY-MM-DD').optional(),
  ),
  include_scheduled: z
    .enum(['true', 'false'], { error: "include_scheduled must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
  /** Rows whose next follow-up is after as_of are listed and counted too (section 15). */
  include_snoozed: z
    .enum(['true', 'false'], { error: "include_snoozed must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === 'true'),
  /** A username (any case), `me` (the caller) or `unassigned`. */
  assigned_to: z.string().trim().max(100).optional(),
  sort: z
    .enum(WORKLIST_SORTS, { error: `sort must be one of ${WORKLIST_SORTS.join(', ')}` })
    .optional()
    .transform((v) => v ?? 'waiting'),
  /**
   * The first `limit` patients only (the screen asks for a page; the export and a call without it
   * get them all). `total` always counts every one.
   */
  limit: z.coerce
    .number<string | number>({ error: `limit must be a whole number from 1 to ${MAX_PAGE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE}`)
    .max(MAX_PAGE, `limit must be a whole number from 1 to ${MAX_PAGE}`)
    .optional(),
  t: z.string().optional(),
  _: z.string().optional(),
});
export type WorklistQuery = z.input<typeof worklistQuery>;

export const worklistPatient = z.object({
  patient_name: z.string(),
  /** The patient's id for addresses (common/patient-id.ts). */
  patient_id: z.string(),
  /** Null on a new_lead row (section 19), as are procedure_status and case_value. */
  provider: z.string().nullable(),
  location: z.string().nullable(),
  stage: z.enum(STAGES),
  since: z.string(),
  days_waiting: z.number().int(),
  procedure_status: z.string().nullable(),
  case_value: z.number().nullable(),
  /** YYYY-MM-DD, `TBD` for an undated appointment, or null when nothing is booked. */
  next_appointment: z.string().nullable(),
  /** The patient's phone (section 2), or null. */
  phone: z.string().nullable(),
  /** The person's source, their first touch (section 19), or null with no lead. */
  source: z.string().nullable(),
  /** Case work (section 15). */
  assigned_to: z.string().nullable(),
  next_follow_up: z.string().nullable(),
  attempts: z.number().int(),
  last_contact: lastContact.nullable(),
  financing: financing.nullable(),
});
export type WorklistPatient = z.infer<typeof worklistPatient>;

export const worklistResponse = ok.extend({
  as_of: z.string(),
  thresholds,
  counts: z.object({
    awaiting_final: z.number().int(),
    awaiting_surgery: z.number().int(),
    pending_finance: z.number().int(),
    undecided: z.number().int(),
    new_lead: z.number().int(),
  }),
  /** The patients of the chosen stage, before `limit`. */
  total: z.number().int(),
  patients: z.array(worklistPatient),
});
export type WorklistResponse = z.infer<typeof worklistResponse>;

export const worklistApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/worklist',
    access: signedIn,
    tag: 'worklist',
    query: worklistQuery,
    response: worklistResponse,
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/export/worklist',
    access: signedIn,
    tag: 'export',
    query: worklistQuery,
    response: 'file',
  }),
  thresholds: endpoint({
    method: 'GET',
    path: '/api/config/worklist-thresholds',
    access: signedIn,
    tag: 'configuration',
    response: thresholdsResponse,
  }),
  setThresholds: endpoint({
    method: 'PUT',
    path: '/api/config/worklist-thresholds',
    access: editorsOnly,
    tag: 'configuration',
    body: thresholdsBody,
    response: thresholdsResponse,
  }),
};
