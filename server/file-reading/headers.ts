/**
 * Header matching (docs/behaviour.md section 2): which columns of a file hold which field, and which row
 * is the header.
 */

import { cellText, isEmptyRow } from './cells';
import { EMPTY_FILE_MESSAGE, ImportFileError } from './errors';
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
  | 'notes'
  | 'lead_date'
  | 'source'
  | 'email'
  | 'first_name'
  | 'last_name';

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
  // docs/behaviour.md section 19. First and last name stand in for the patient only as a pair.
  leads: [
    { ...PATIENT, names: [...PATIENT.names, 'Lead', 'Lead Name', 'Full Name', 'Contact', 'Contact Name'] },
    {
      field: 'lead_date',
      required: true,
      names: [
        'Lead Date',
        'Date',
        'Created',
        'Created Date',
        'Date Created',
        'Created On',
        'Inquiry Date',
        'Received',
      ],
    },
    {
      field: 'source',
      required: true,
      names: [
        'Source',
        'Lead Source',
        'Channel',
        'Marketing Source',
        'Referral Source',
        'Referred By',
        'Campaign Source',
      ],
    },
    PHONE,
    { field: 'email', required: false, names: ['Email', 'E-mail', 'Email Address'] },
    LOCATION,
    { field: 'first_name', required: false, names: ['First Name', 'First'] },
    { field: 'last_name', required: false, names: ['Last Name', 'Last'] },
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
  /** The row's cells as trimmed text, empty ones included, so a column keeps its index. */
  header: string[];
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
  const header = cells.map((cell) => cellText(cell));
  header.forEach((text, index) => {
    const field = lookup.get(normalizeHeader(text));
    // The leftmost of two headers for one field wins.
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
  });
  const missing = IMPORT_FIELDS[kind]
    .filter((spec) => spec.required && columns[spec.field] === undefined && !namedApart(spec.field, columns))
    .map((spec) => spec.names[0]);
  return { columns, missing, header };
}

/**
 * A Leads file may name its people in a First Name and a Last Name column instead of one (docs/
 * behaviour.md section 19): both together are its patient column. Only the Leads file accepts them.
 */
const namedApart = (field: Field, columns: ColumnMap) =>
  field === 'patient' && columns.first_name !== undefined && columns.last_name !== undefined;

/**
 * Headers that only one kind of file has (the accepted names of its own columns, less those two
 * kinds share, such as `Date`): a Fee column marks a Full Arch Report, an Appt Date or Status
 * column a Future Scheduled file, a Year column an Ignore List, a Source or Created column a
 * Leads file.
 */
const DISTINCTIVE: Record<ImportKind, ReadonlySet<string>> = {
  'raw-data': names(['amount', 'date'], ['Date']),
  'future-scheduled': names(['appt_date', 'scheduled_status'], ['Date']),
  'ignore-list': names(['year_code'], []),
  leads: names(['lead_date', 'source'], ['Date']),
};

function names(fields: readonly Field[], shared: readonly string[]): ReadonlySet<string> {
  const specs = Object.values(IMPORT_FIELDS).flat();
  const all = specs.filter((spec) => fields.includes(spec.field)).flatMap((spec) => spec.names);
  return new Set(all.filter((name) => !shared.includes(name)).map(normalizeHeader));
}

/**
 * The other kind of file whose header this row is, or null: the row holds every required column
 * of that kind and one only it has, and none only the chosen kind has. A Full Arch Report
 * (Patient, Date, Code, Provider, Fee) reads as a Future Scheduled file, its Date taken as the
 * appointment date; this is what tells them apart.
 */
export function otherKindOf(header: readonly string[], kind: ImportKind): ImportKind | null {
  const present = new Set(header.map(normalizeHeader));
  const has = (k: ImportKind) => [...DISTINCTIVE[k]].some((name) => present.has(name));
  if (has(kind)) return null;
  const others = (Object.keys(IMPORT_FIELDS) as ImportKind[]).filter((k) => k !== kind);
  return others.find((k) => has(k) && matchHeader(header, k).missing.length === 0) ?? null;
}

const A_FILE: Record<ImportKind, string> = {
  'raw-data': 'a Full Arch Report',
  'future-scheduled': 'a Future Scheduled file',
  'ignore-list': 'an Ignore List',
  leads: 'a Leads file',
};

/** `These headers look like a Full Arch Report, not a Future Scheduled file.` */
export const looksLikeSentence = (other: ImportKind, kind: ImportKind) =>
  `These headers look like ${A_FILE[other]}, not ${A_FILE[kind]}.`;

/** Column names quoted in a message: each cut short, and at most this many before "and N more". */
const FOUND_SHOWN = 20;
const NAME_LENGTH = 40;

/** `Patient, Appt Date, Code`: the non-empty cells of a row, as a message lists them. */
export function foundColumns(header: readonly string[]): string {
  const names = header
    .filter((name) => name !== '')
    .map((name) => (name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH)}...` : name));
  const more = names.length - FOUND_SHOWN;
  return more > 0 ? `${names.slice(0, FOUND_SHOWN).join(', ')} and ${more} more` : names.join(', ');
}

/**
 * `Missing required columns: Code, Provider (found: Patient, Appt Date, Status)`: the missing
 * columns first, as every caller matches on that start, then what the closest row held, and when
 * that row is another kind's header, a sentence saying so.
 */
export function missingColumnsError(
  kind: ImportKind,
  missing: readonly string[],
  header: readonly string[] | null,
): ImportFileError {
  const found = header ? foundColumns(header) : '';
  const where = found ? `found: ${found}` : `found nothing in the first ${HEADER_SEARCH_ROWS} rows`;
  const other = header ? otherKindOf(header, kind) : null;
  const hint = other ? `. ${looksLikeSentence(other, kind)}` : '';
  return new ImportFileError(
    422,
    `Missing required columns: ${missing.join(', ')} (${where})${hint}`,
    other ? 'wrong_file_kind' : 'missing_columns',
  );
}

/**
 * Looks for the header among the rows offered to it. When none qualifies, the row that came
 * closest names the missing columns, so a file with a typo in one header says which one.
 */
export class HeaderSearch {
  private closest: HeaderMatch;
  /** The first row with anything in it: what the message lists when no row matched a column. */
  private first: string[] | null = null;
  private pastWindow = false;

  constructor(private readonly kind: ImportKind) {
    this.closest = matchHeader([], kind);
  }

  /** The match when this row is the header, else null. */
  offer(cells: readonly Cell[]): HeaderMatch | null {
    const match = matchHeader(cells, this.kind);
    if (match.missing.length === 0) return match;
    if (this.first === null && !isEmptyRow(cells)) this.first = match.header;
    if (match.missing.length < this.closest.missing.length) this.closest = match;
    return null;
  }

  /** The file goes on past the rows searched: it is not empty, even when those rows were. */
  notePastWindow(): void {
    this.pastWindow = true;
  }

  get missing(): string[] {
    return this.closest.missing;
  }

  /** Nothing at all in the file: no cell with text in any row. */
  get isEmpty(): boolean {
    return this.first === null && !this.pastWindow;
  }

  error(): ImportFileError {
    if (this.isEmpty) return new ImportFileError(422, EMPTY_FILE_MESSAGE, 'file_empty');
    const matchedAny = this.closest.header.length > 0;
    return missingColumnsError(
      this.kind,
      this.closest.missing,
      matchedAny ? this.closest.header : this.first,
    );
  }
}
