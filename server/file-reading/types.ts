/** The typed records the readers produce; the shapes the import services store. */

export type ImportKind = 'raw-data' | 'future-scheduled' | 'ignore-list' | 'leads';

/** A row passed over or kept with a problem; `row` is 1-based as a spreadsheet shows it. */
export interface RowIssue {
  row: number;
  reason: string;
}

export interface ProcedureRecord {
  row: number;
  patient_name: string;
  patient_key: string;
  date: string;
  code: string;
  provider: string;
  description: string | null;
  /** null when the cell is not a number (with a warning) or the file has no amount column. */
  amount: number | null;
  location: string | null;
  /** Trimmed; null when empty or the file has no phone column. */
  phone: string | null;
}

export interface AppointmentRecord {
  row: number;
  patient_name: string;
  patient_key: string;
  /** null is TBD. */
  appt_date: string | null;
  code: string;
  provider: string;
  description: string | null;
  scheduled_status: string;
  location: string | null;
  /** Trimmed; null when empty or the file has no phone column. */
  phone: string | null;
}

export interface IgnoreRecord {
  row: number;
  patient_name: string;
  patient_key: string;
  year_code: string;
  notes: string | null;
}

/** One inquiry of the Leads file (docs/behaviour.md section 19). */
export interface LeadRecord {
  row: number;
  patient_name: string;
  patient_key: string;
  lead_date: string;
  /** As stored: trimmed, whitespace collapsed, empty or `No lead` read as `Unknown` (leadSource). */
  source: string;
  /** Trimmed; null when empty or the file has no such column. */
  phone: string | null;
  email: string | null;
  location: string | null;
}

export type ImportRecord<K extends ImportKind> = K extends 'raw-data'
  ? ProcedureRecord
  : K extends 'future-scheduled'
    ? AppointmentRecord
    : K extends 'leads'
      ? LeadRecord
      : IgnoreRecord;

export interface RecordBatch<K extends ImportKind> {
  records: ImportRecord<K>[];
  skipped: RowIssue[];
  warnings: RowIssue[];
}

/** A cell as the readers hand it on: text files give strings, workbooks also numbers and Dates. */
export type Cell = string | number | boolean | Date | null;

/** One row of a sheet or text file with its spreadsheet row number. */
export interface SheetRow {
  row: number;
  cells: Cell[];
}
