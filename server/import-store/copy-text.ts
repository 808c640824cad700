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

/** A lead goes to a table of the file's rows first, its row number kept for the order (tables.ts). */
export const leadLine: CopyLine<LeadRecord> = (r) =>
  `${r.row},${q(r.patient_key)},${q(r.patient_name)},${r.lead_date},${q(r.source)},${q(sourceKey(r.source))},${qn(
    r.phone,
  )},${qn(r.email)},${qn(r.location)}\n`;
