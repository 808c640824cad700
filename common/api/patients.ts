import { z } from 'zod';
import { PATIENT_ID } from '../patient-id';
import { scoresheetRow } from './config';
import { endpoint, signedIn } from './endpoint';
import { ok } from './shared';

/**
 * A patient asked for by name, or by their id in addresses (common/patient-id.ts), which keeps the
 * name out of the URL: exactly one of the two.
 */
export const patientAsked = z
  .object({
    name: z
      .string({ error: 'name must be text' })
      .trim()
      .min(1, 'name must not be empty')
      .max(300)
      .optional(),
    id: z
      .string({ error: 'id must be a patient id' })
      .regex(PATIENT_ID, 'id must be a patient id (p and 20 hexadecimal digits)')
      .optional(),
  })
  .refine((q) => (q.name === undefined) !== (q.id === undefined), 'name or id is required (one of them)');
export type PatientAsked = z.output<typeof patientAsked>;

/** A patient named in a body: an activity's, or the one whose id is asked for. */
export const patientNameField = z
  .string({ error: 'patient_name is required' })
  .trim()
  .min(1, 'patient_name is required')
  .max(300, 'patient_name is at most 300 characters');

export const patientRefBody = z.object({ patient_name: patientNameField }).strict();
export const patientRefResponse = ok.extend({ patient_id: z.string() });

export const searchQuery = z.object({ q: z.string().max(200).default('') });
/** `patients`: the first 20 matches; `total`: how many patients match, so a list can say it is cut short. */
export const searchResponse = ok.extend({ patients: z.array(z.string()), total: z.number().int().min(0) });
export type SearchResponse = z.infer<typeof searchResponse>;

export const lookupQuery = patientAsked;
/**
 * A person's leads (section 19): each its day, its source as first spelled and its own office;
 * newest first, one day's leads the last read first.
 */
export const personLeads = z.array(
  z.object({ lead_date: z.string(), source: z.string(), location: z.string().nullable() }),
);
export type PersonLead = z.infer<typeof personLeads>[number];

export const lookupResponse = ok.extend({
  data: z.object({
    patient_name: z.string(),
    /** The patient's id for addresses (common/patient-id.ts). */
    patient_id: z.string(),
    /** The last phone the files gave (section 2), or null. */
    phone: z.string().nullable(),
    scoresheet: scoresheetRow.nullable(),
    procedures: z.array(
      z.object({
        date: z.string(),
        procedure: z.string(),
        code: z.string(),
        provider: z.string(),
        amount: z.number().nullable(),
        location: z.string().nullable(),
      }),
    ),
    future_appointments: z.array(
      z.object({
        appt_date: z.string().nullable(),
        procedure: z.string(),
        code: z.string(),
        provider: z.string(),
        scheduled_status: z.string(),
        case_value: z.number().nullable(),
      }),
    ),
    ignore_status: z.array(z.object({ year_code: z.string(), notes: z.string().nullable() })),
    /** The person's first touch (section 19), or null with no lead. */
    source: z.string().nullable(),
    /** Newest first; one day's leads the last read first. */
    leads: personLeads,
  }),
});
export type LookupResponse = z.infer<typeof lookupResponse>;
export type PatientData = LookupResponse['data'];

export const patientsApi = {
  search: endpoint({
    method: 'GET',
    path: '/api/patient/search',
    access: signedIn,
    tag: 'patients',
    query: searchQuery,
    response: searchResponse,
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/api/patient/lookup',
    access: signedIn,
    tag: 'patients',
    query: lookupQuery,
    response: lookupResponse,
  }),
};
