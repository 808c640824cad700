import { type CopyLine, copyString as q, copyNullable as qn } from '../db/copy-text';
import type { AppointmentRecord, LeadRecord, ProcedureRecord } from '../file-reading';

// Each kind's record as a line of its table's COPY text, in the column order of tables.ts.

export const procedureLine: CopyLine<ProcedureRecord> = (r) =>
  `${q(r.patient_key)},${q(r.patient_name)},${r.date},${q(r.code)},${q(r.provider)},${qn(r.description)},${
    r.amount === null ? '' : r.amount
  },${qn(r.location)},${qn(r.phone)}\n`;

export const appointmentLine: CopyLine<AppointmentRecord> = (r) =>
  `${q(r.patient_key)},${q(r.patient_name)},${r.appt_date ?? ''},${q(r.code)},${q(r.provider)},${qn(
    r.description,
  )},${q(r.scheduled_status)},${qn(r.location)},${qn(r.phone)}\n`;

/**
 * A lead as a row of `leads` with its person's key: the patient it matched when the leads were
 * attributed as read (import-sink.ts), else its own key, which the rebuild that follows
 * (refreshLeadPeople) rewrites where its phone matches it to a patient.
 */
export const leadLine = (r: LeadRecord, sourceKey: string, person: string): string =>
  `${q(r.patient_key)},${q(r.patient_name)},${r.lead_date},${q(r.source)},${q(sourceKey)},${qn(
    r.phone,
  )},${qn(r.email)},${qn(r.location)},${q(person)}\n`;
