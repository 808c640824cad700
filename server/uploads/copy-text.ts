import type { AppointmentRecord, ProcedureRecord } from '../imports';

/**
 * A record as one line of COPY's CSV text, in its table's column order (tables.ts): strings
 * quoted, so an empty one is not NULL; NULL as nothing (the same text as toCsv in db/client.ts).
 * Written straight from the record, with no array per row: every row of the largest files passes
 * here, and the arrays were a fifth of the reading thread's time.
 */
export type CopyLine<R> = (record: R) => string;

const q = (v: string) => (v.indexOf('"') === -1 ? `"${v}"` : `"${v.replaceAll('"', '""')}"`);
const qn = (v: string | null) => (v === null ? '' : q(v));

export const procedureLine: CopyLine<ProcedureRecord> = (r) =>
  `${q(r.patient_key)},${q(r.patient_name)},${r.date},${q(r.code)},${q(r.provider)},${qn(r.description)},${
    r.amount === null ? '' : r.amount
  },${qn(r.location)},${qn(r.phone)}\n`;

export const appointmentLine: CopyLine<AppointmentRecord> = (r) =>
  `${q(r.patient_key)},${q(r.patient_name)},${r.appt_date ?? ''},${q(r.code)},${q(r.provider)},${qn(
    r.description,
  )},${q(r.scheduled_status)},${qn(r.location)},${qn(r.phone)}\n`;

/** A patient of the digest as a line of the patients table: key, name, phone. */
export const patientLine = (key: string, name: string, phone: string | null) =>
  `${q(key)},${q(name)},${qn(phone)}\n`;

/** About how much COPY text goes to the database at a time. */
export const CHUNK_CHARS = 1 << 20;

/**
 * COPY text collected line by line and handed on in chunks of whole lines, each its own bytes, so
 * that it can be moved to another thread without a copy.
 */
export class CopyText {
  private text = '';

  add(line: string): void {
    this.text += line;
  }

  get length(): number {
    return this.text.length;
  }

  /** The text so far as UTF-8, or null when there is none; the text starts again empty. */
  take(): Uint8Array | null {
    if (this.text === '') return null;
    const bytes = encoder.encode(this.text);
    this.text = '';
    return bytes;
  }
}

const encoder = new TextEncoder();
