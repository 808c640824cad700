import { type CopyLine, copyString as q, copyNullable as qn } from '../db/copy-text';
import { sourceKey } from '../domain/leads';
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
 * A lead goes to a table of the file's rows first, its row number kept for the order (tables.ts).
 * Its person is first taken to be its own key, which it is unless its phone matches it to a
 * patient: the rebuild that follows (refreshLeadPeople) then rewrites only the leads it must.
 */
export const leadLine: CopyLine<LeadRecord> = (r) =>
  `${r.row},${q(r.patient_key)},${q(r.patient_name)},${r.lead_date},${q(r.source)},${q(sourceKey(r.source))},${qn(
    r.phone,
  )},${qn(r.email)},${qn(r.location)},${q(r.patient_key)}\n`;

/** What makes two leads the same lead: key, date and source compared case-insensitively. */
export const leadKey = (r: LeadRecord) => `${r.patient_key}\u0000${r.lead_date}\u0000${sourceKey(r.source)}`;
