/**
 * Header matching (docs/behaviour.md section 2): which columns of a file hold which field, and which row
 * is the header.
 */

import { cellText } from './cells';
import { ImportFileError } from './errors';
import type { Cell, ImportKind } from './types';

export type Field =
  | 'patient'
  | 'date'
  | 'code'
  | 'provider'
  | 'description'
  | 'amount'
  | 'location'
  | 'phone'
  | 'appt_date'
  | 'scheduled_status'
  | 'year_code'
  | 'notes';

interface FieldSpec {
  field: Field;
  required: boolean;
  /** Accepted header names; the first is the one named in messages. */
  names: readonly string[];
}

const PATIENT: FieldSpec = {
  field: 'patient',
  required: true,
  names: ['Patient', 'Patient Name', 'Name', 'Pat Name', 'Patient Full Name'],
};
const CODE: FieldSpec = {
  field: 'code',
  required: true,
  names: ['Code', 'Proc Code', 'Procedure Code', 'ADA Code', 'CDT Code'],
};
const PROVIDER: FieldSpec = {
  field: 'provider',
  required: true,
  names: ['Provider', 'Provider Name', 'Prov', 'Doctor', 'Dentist'],
};
const DESCRIPTION: FieldSpec = {
  field: 'description',
  required: false,
  names: ['Description', 'Procedure', 'Procedure Description', 'Proc Description', 'Desc'],
};

/** The fields of each file in the order of the rules' table, which is the order messages use. */
const LOCATION: FieldSpec = {
  field: 'location',
  required: false,
  names: ['Location', 'Clinic', 'Office', 'Practice'],
};

const PHONE: FieldSpec = {
  field: 'phone',
  required: false,
  names: ['Phone', 'Cell', 'Mobile', 'Cell Phone', 'Wireless Phone', 'Home Phone', 'Phone Number'],
};

export const IMPORT_FIELDS: Record<ImportKind, readonly FieldSpec[]> = {
  'raw-data': [
    PATIENT,
    {
      field: 'date',
      required: true,
      names: [
        'Date',
        'Proc Date',
        'Procedure Date',
        'Service Date',
        'DOS',
        'Date of Service',
        'Completed Date',
      ],
    },
    CODE,
    PROVIDER,
    DESCRIPTION,
    { field: 'amount', required: false, names: ['Amount', 'Fee', 'Production', 'Charge', 'Charges'] },
    LOCATION,
    PHONE,
  ],
  'future-scheduled': [
    PATIENT,
    CODE,
    PROVIDER,
    DESCRIPTION,
    {
      field: 'appt_date',
      required: false,
      names: ['Appt Date', 'Appointment Date', 'Scheduled Date', 'Date', 'Appt'],
    },
    {
      field: 'scheduled_status',
      required: false,
      names: ['Status', 'Appt Status', 'Scheduled Status', 'Confirmation'],
    },
    LOCATION,
    PHONE,
  ],
  'ignore-list': [
    PATIENT,
    { field: 'year_code', required: true, names: ['Year', 'Year Code', 'Ignore Year'] },
    { field: 'notes', required: false, names: ['Notes', 'Note', 'Comment', 'Comments', 'Reason'] },
  ],
};

/** Rows searched for the header, counted as a spreadsheet numbers them. */
export const HEADER_SEARCH_ROWS = 20;

/** `Patient Name`, `PATIENT_NAME` and `patient-name:` all become `patientname`. */
export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

export type ColumnMap = Partial<Record<Field, number>>;

export interface HeaderMatch {
  /** 0-based column index of each field found. */
  columns: ColumnMap;
  /** First accepted names of the required fields not found, in table order. */
  missing: string[];
}

const LOOKUP = new Map<ImportKind, Map<string, Field>>(
  Object.entries(IMPORT_FIELDS).map(([kind, specs]) => [
    kind as ImportKind,
    new Map(specs.flatMap((spec) => spec.names.map((name) => [normalizeHeader(name), spec.field] as const))),
  ]),
);

export function matchHeader(cells: readonly Cell[], kind: ImportKind): HeaderMatch {
  const lookup = LOOKUP.get(kind)!;
  const columns: ColumnMap = {};
  cells.forEach((cell, index) => {
    const field = lookup.get(normalizeHeader(cellText(cell)));
    // The leftmost of two headers for one field wins.
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
  });
  const missing = IMPORT_FIELDS[kind]
    .filter((spec) => spec.required && columns[spec.field] === undefined)
    .map((spec) => spec.names[0]);
  return { columns, missing };
}

export function missingColumnsError(missing: readonly string[]): ImportFileError {
  return new ImportFileError(422, `Missing required columns: ${missing.join(', ')}`);
}

/**
 * Looks for the header among the rows offered to it. When none qualifies, the row that came
 * closest names the missing columns, so a file with a typo in one header says which one.
 */
export class HeaderSearch {
  private closest: HeaderMatch;

  constructor(private readonly kind: ImportKind) {
    this.closest = matchHeader([], kind);
  }

  /** The match when this row is the header, else null. */
  offer(cells: readonly Cell[]): HeaderMatch | null {
    const match = matchHeader(cells, this.kind);
    if (match.missing.length === 0) return match;
    if (match.missing.length < this.closest.missing.length) this.closest = match;
    return null;
  }

  get missing(): string[] {
    return this.closest.missing;
  }

  error(): ImportFileError {
    return missingColumnsError(this.closest.missing);
  }
}
