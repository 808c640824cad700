/**
 * One row to one record (docs/behaviour.md section 2): a row missing what the figures need is skipped with
 * a reason a practice manager can act on; a bad amount only warns, because no figure uses it.
 */

import { dateFromCell, parseYearCode } from '../domain/dates';
import { leadSource } from '../domain/leads';
import { parseMoney } from '../domain/money';
import { displayName, normalizeCode, normalizeLocation, normalizeProvider } from '../domain/names';
import { cellText, isEmptyRow, quoteCell } from './cells';
import type { ColumnMap, Field } from './headers';
import type {
  AppointmentRecord,
  Cell,
  IgnoreRecord,
  ImportKind,
  ImportRecord,
  LeadRecord,
  ProcedureRecord,
  SheetRow,
} from './types';

export type RowOutcome<R> = { record: R; warning: string | null } | { skip: string };

const MAX_NAME_CHARS = 200;
/** Distinct texts remembered per column at most: a column of unique values is not remembered. */
const MEMO_LIMIT = 20_000;

/**
 * What a column's text turned into, by the text: dates, fees, codes, providers and offices repeat
 * on most of a large file's rows, and working each out again was a third of reading it. Only
 * pure conversions of one cell are remembered, so the result is the same either way.
 */
class Memo<T> {
  private readonly seen = new Map<string, T>();
  /** Number cells (a workbook's fees and serial dates) by their value; Date cells by their time. */
  private readonly numbers = new Map<number, T>();
  private readonly dates = new Map<number, T>();

  constructor(private readonly convert: (cell: Cell) => T) {}

  of(cell: Cell): T {
    if (cell instanceof Date) return this.ofNumber(this.dates, cell.getTime(), cell);
    if (typeof cell === 'number') return this.ofNumber(this.numbers, cell, cell);
    if (typeof cell !== 'string') return this.convert(cell);
    let value = this.seen.get(cell);
    if (value === undefined && !this.seen.has(cell)) {
      value = this.convert(cell);
      // Held copies, not slices: a cell cut from a chunk of the file keeps the whole chunk alive.
      if (this.seen.size < MEMO_LIMIT) {
        value = (typeof value === 'string' ? detached(value) : value) as T;
        this.seen.set(detached(cell), value);
      }
    }
    return value as T;
  }

  private ofNumber(seen: Map<number, T>, key: number, cell: Cell): T {
    let value = seen.get(key);
    if (value === undefined && !seen.has(key)) {
      value = this.convert(cell);
      if (seen.size < MEMO_LIMIT) seen.set(key, value);
    }
    return value as T;
  }
}

/** A copy of `s` that keeps no larger string alive (see ProcedureDigest). */
const detached = (s: string) => ` ${s}`.slice(1);

/** The conversions one file's rows share (see Memo). */
class Memos {
  readonly date = new Memo(dateFromCell);
  readonly money = new Memo((cell) => parseMoney(cell).value);
  readonly code = new Memo((cell) => normalizeCode(cellText(cell)));
  readonly provider = new Memo((cell) => normalizeProvider(cellText(cell)));
  readonly location = new Memo((cell) => normalizeLocation(cellText(cell) || null));
  readonly source = new Memo((cell) => leadSource(cellText(cell)));
  lastPatient: { raw: string; patient: { patient_name: string; patient_key: string } } | null = null;
}

class RowReader {
  readonly problems: string[] = [];
  /** Each cell's text, made once: a field is often asked for more than once. */
  private readonly texts: (string | undefined)[] = [];

  constructor(
    private readonly columns: ColumnMap,
    private readonly cells: readonly Cell[],
    readonly memos: Memos,
  ) {}

  cell(field: Field): Cell {
    const index = this.columns[field];
    return index === undefined ? null : (this.cells[index] ?? null);
  }

  text(field: Field): string {
    const index = this.columns[field];
    if (index === undefined) return '';
    let text = this.texts[index];
    if (text === undefined) {
      text = cellText(this.cells[index] ?? null);
      this.texts[index] = text;
    }
    return text;
  }

  optional(field: Field): string | null {
    return this.text(field) || null;
  }

  /** The field's text, or '' with `problem` noted when it is empty. */
  required(field: Field, problem: string): string {
    const text = this.text(field);
    if (text === '') this.problems.push(problem);
    return text;
  }

  /** A code or provider, tidied as section 1 says; '' with `problem` noted when it is empty. */
  normalized(field: 'code' | 'provider', problem: string): string {
    const value = this.memos[field].of(this.cell(field));
    if (value === '') this.problems.push(problem);
    return value;
  }

  /**
   * A code, provider or location, which name rows in indexes and keys (a few thousand bytes at
   * most) as the patient name does: one longer than any real one is a broken cell, noted.
   */
  key(value: string, label: string): string {
    if (value.length > MAX_NAME_CHARS)
      this.problems.push(`${label} is longer than ${MAX_NAME_CHARS} characters`);
    return value;
  }

  /** A date, null when empty; an invalid one is noted as a problem. */
  date(field: Field, label: string): string | null {
    if (this.text(field) === '') return null;
    const date = this.memos.date.of(this.cell(field));
    if (date === null) this.problems.push(`Invalid ${label} ${quoteCell(this.cell(field))}`);
    return date;
  }

  location(): string | null {
    const location = this.memos.location.of(this.cell('location'));
    return location === null ? null : this.key(location, 'Location');
  }

  /** The patient of the row, from its patient column, or (a Leads file) `raw` made of two. */
  patient(raw = this.text('patient')): { patient_name: string; patient_key: string } {
    // A patient's procedures of one visit are consecutive rows: the name made for the row before
    // serves them, the same strings (which makes comparing their keys later a quick check).
    const last = this.memos.lastPatient;
    if (last !== null && last.raw === raw) return last.patient;
    const problems = this.problems.length;
    const patient = this.newPatient(raw);
    if (this.problems.length === problems) this.memos.lastPatient = { raw, patient };
    return patient;
  }

  private newPatient(raw: string): { patient_name: string; patient_key: string } {
    // Judged after normalizing: a lone comma is no name.
    const name = displayName(raw);
    if (name === '') this.problems.push('Missing patient name');
    // A name identifies the patient in every table's index, which holds a few thousand bytes at
    // most; no real name comes near this, so a longer one is a broken cell, reported and skipped.
    else if (name.length > MAX_NAME_CHARS)
      this.problems.push(`Patient name is longer than ${MAX_NAME_CHARS} characters`);
    // The key is the display name in lower case (patientKey), made here without normalizing twice.
    return { patient_name: name, patient_key: name.toLowerCase() };
  }
}

function outcome<R>(reader: RowReader, record: R, warning: string | null = null): RowOutcome<R> {
  return reader.problems.length > 0 ? { skip: reader.problems.join('; ') } : { record, warning };
}

function procedure(reader: RowReader, row: number, columns: ColumnMap): RowOutcome<ProcedureRecord> {
  const patient = reader.patient();
  if (reader.text('date') === '') reader.problems.push('Missing date');
  const date = reader.date('date', 'date');
  const code = reader.key(reader.normalized('code', 'Missing procedure code'), 'Procedure code');
  const provider = reader.key(reader.normalized('provider', 'Missing provider'), 'Provider');
  let amount: number | null = null;
  let warning: string | null = null;
  if (columns.amount !== undefined) {
    const cell = reader.cell('amount');
    amount = reader.memos.money.of(cell);
    if (amount === null) warning = `Amount ${quoteCell(cell)} is not a number`;
  }
  const record: ProcedureRecord = {
    row,
    ...patient,
    date: date ?? '',
    code,
    provider,
    description: reader.optional('description'),
    amount,
    location: reader.location(),
    phone: reader.optional('phone'),
  };
  return outcome(reader, record, warning);
}

function appointment(reader: RowReader, row: number): RowOutcome<AppointmentRecord> {
  const patient = reader.patient();
  const record: AppointmentRecord = {
    row,
    ...patient,
    // Empty is TBD, not an error.
    appt_date: reader.date('appt_date', 'appointment date'),
    code: reader.key(reader.normalized('code', 'Missing procedure code'), 'Procedure code'),
    provider: reader.key(reader.normalized('provider', 'Missing provider'), 'Provider'),
    description: reader.optional('description'),
    scheduled_status: reader.text('scheduled_status') || 'Scheduled',
    location: reader.location(),
    phone: reader.optional('phone'),
  };
  return outcome(reader, record);
}

function ignoreEntry(reader: RowReader, row: number): RowOutcome<IgnoreRecord> {
  const patient = reader.patient();
  const yearText = reader.required('year_code', 'Missing year');
  const year = parseYearCode(reader.cell('year_code'));
  if (yearText !== '' && year === null)
    reader.problems.push(`Invalid year ${quoteCell(reader.cell('year_code'))}`);
  const record: IgnoreRecord = { row, ...patient, year_code: year ?? '', notes: reader.optional('notes') };
  return outcome(reader, record);
}

function lead(reader: RowReader, row: number, columns: ColumnMap): RowOutcome<LeadRecord> {
  // A First Name and a Last Name column make the raw name `First Last` (either may be empty).
  const raw =
    columns.patient === undefined ? `${reader.text('first_name')} ${reader.text('last_name')}` : undefined;
  const patient = reader.patient(raw);
  if (reader.text('lead_date') === '') reader.problems.push('Missing lead date');
  const leadDate = reader.date('lead_date', 'lead date');
  const record: LeadRecord = {
    row,
    ...patient,
    lead_date: leadDate ?? '',
    source: reader.key(reader.memos.source.of(reader.cell('source')), 'Source'),
    phone: reader.optional('phone'),
    email: reader.optional('email'),
    location: reader.location(),
  };
  return outcome(reader, record);
}

/** The records of one file's rows, each as buildRecord makes it, sharing what repeats (Memo). */
export class RecordBuilder<K extends ImportKind> {
  private readonly memos = new Memos();

  constructor(
    private readonly kind: K,
    private readonly columns: ColumnMap,
  ) {}

  build(row: SheetRow): RowOutcome<ImportRecord<K>> | null {
    return buildRecord(this.kind, this.columns, row, this.memos);
  }
}

/** The record for a row, or why it is skipped; null for a wholly empty row (passed over silently). */
export function buildRecord<K extends ImportKind>(
  kind: K,
  columns: ColumnMap,
  { row, cells }: SheetRow,
  memos = new Memos(),
): RowOutcome<ImportRecord<K>> | null {
  if (isEmptyRow(cells)) return null;
  const reader = new RowReader(columns, cells, memos);
  switch (kind) {
    case 'raw-data':
      return procedure(reader, row, columns) as RowOutcome<ImportRecord<K>>;
    case 'future-scheduled':
      return appointment(reader, row) as RowOutcome<ImportRecord<K>>;
    case 'leads':
      return lead(reader, row, columns) as RowOutcome<ImportRecord<K>>;
    default:
      return ignoreEntry(reader, row) as RowOutcome<ImportRecord<K>>;
  }
}
