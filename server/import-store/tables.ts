import type { ImportKind } from '../../common/api/imports';
import type { CopyValue } from '../db/client';
import type { IgnoreRecord, ProcedureRecord } from '../file-reading';

/** Where each kind of file is stored, and how a record becomes a row. */
export const procedureTable = {
  table: 'procedures',
  columns: [
    'patient_key',
    'patient_name',
    'date',
    'code',
    'provider',
    'description',
    'amount',
    'location',
    'phone',
  ],
  row: (r: ProcedureRecord): CopyValue[] => [
    r.patient_key,
    r.patient_name,
    r.date,
    r.code,
    r.provider,
    r.description,
    r.amount,
    r.location,
    r.phone,
  ],
};

export const appointmentTable = {
  table: 'future_appointments',
  columns: [
    'patient_key',
    'patient_name',
    'appt_date',
    'code',
    'provider',
    'description',
    'scheduled_status',
    'location',
    'phone',
  ],
};

/** The columns of `leads` that a lead's row fills, its id left to the table (copy-text.ts). */
export const LEAD_COLUMNS = [
  'patient_key',
  'patient_name',
  'lead_date',
  'source',
  'source_key',
  'phone',
  'email',
  'location',
  'person_key',
];

/** The columns each kind's COPY text fills, in its order (copy-text.ts). */
export const COLUMNS_OF: Record<ImportKind, string[]> = {
  'raw-data': procedureTable.columns,
  'future-scheduled': appointmentTable.columns,
  'ignore-list': [],
  leads: LEAD_COLUMNS,
};

export const TABLE_OF: Record<ImportKind, string> = {
  'raw-data': 'procedures',
  'future-scheduled': 'future_appointments',
  'ignore-list': 'ignore_list',
  leads: 'leads',
};

/** Each kind's date column, whose range a replace would take away; the Ignore List has none. */
export const DATE_COLUMN_OF: Record<ImportKind, string | null> = {
  'raw-data': 'date',
  'future-scheduled': 'appt_date',
  'ignore-list': null,
  leads: 'lead_date',
};

/** One entry per patient and year; a later row's notes win (docs/behaviour.md section 2). */
export function dedupeIgnore(records: IgnoreRecord[]): IgnoreRecord[] {
  const byKey = new Map<string, IgnoreRecord>();
  for (const r of records) {
    const key = `${r.patient_key}\u0000${r.year_code}`;
    const first = byKey.get(key);
    byKey.set(key, first ? { ...first, notes: r.notes } : r);
  }
  return [...byKey.values()];
}
