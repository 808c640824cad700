import { type CopyLine, copyString as q, copyNullable as qn } from '../db/copy-text';
import type { AppointmentRecord, ProcedureRecord } from '../file-reading';

// Each kind's record as a line of its table's COPY text, in the column order of tables.ts.

export const procedureLine: CopyLine<ProcedureRecord> = (r) =>
  `${q(r.patient_key)},${q(r.patient_name)},${r.date},${q(r.code)},${q(r.provider)},${qn(r.description)},${
    r.amount === null ? '' : r.amount
  },${qn(r.location)},${qn(r.phone)}\n`;

export const appointmentLine: CopyLine<AppointmentRecord> = (r) =>
  `${q(r.patient_key)},${q(r.patient_name)},${r.appt_date ?? ''},${q(r.code)},${q(r.provider)},${qn(
    r.description,
  )},${q(r.scheduled_status)},${qn(r.location)},${qn(r.phone)}\n`;
