import { toCsv } from '../db/csv-text';
import type { Row } from '../db/rows';
import type { codeMappings, mappingValues } from '../db/schema';
import { locationKey } from '../domain/names';
import {
  computeScoresheet,
  type ScoresheetInput,
  type ScoresheetRow,
  withFirstLocations,
} from '../domain/scoresheet';
import type { ProcedureDigest } from './procedure-digest';

export type Mapping = Pick<Row<typeof codeMappings>, 'proc_code' | 'label'>;
export type MappingValue = Omit<Row<typeof mappingValues>, 'id'>;
export type Display = (location: string | null) => string | null;

/** What the scoresheet is computed with besides the procedures: read in the import's transaction. */
export interface ScoresheetSettings {
  mappings: Mapping[];
  values: MappingValue[];
  /** The locations table: each office's key and the spelling shown. */
  locations: { location_key: string; location: string }[];
}

export const SCORESHEET_COLUMNS = [
  'patient_key',
  'patient_name',
  'provider',
  'score',
  'procedure_status',
  'consult_date',
  'date_of_temp_placement',
  'case_date',
  'pending_finance_date',
  'presented_date',
  'accepted_date',
  'perm_date',
  'location',
  'win_loss',
  'no_of_arches',
  'case_value',
];

export const scoresheetRow = (r: ScoresheetRow) => [
  r.patient_key,
  r.patient_name,
  r.provider,
  r.score,
  r.procedure_status,
  r.consult_date,
  r.date_of_temp_placement,
  r.case_date,
  r.pending_finance_date,
  r.presented_date,
  r.accepted_date,
  r.perm_date,
  r.location,
  r.win_loss,
  r.no_of_arches,
  r.case_value,
];

/** Each office's display form by its key, to spell every row's office as the first one seen. */
export function displayOf(locations: ScoresheetSettings['locations']): Display {
  const names = new Map(locations.map((r) => [r.location_key, r.location]));
  // Each spelling is case-folded once: a few offices are named by hundreds of thousands of rows.
  const bySpelling = new Map<string, string>();
  return (location) => {
    if (location === null) return null;
    let shown = bySpelling.get(location);
    if (shown === undefined) {
      shown = names.get(locationKey(location)) ?? location;
      bySpelling.set(location, shown);
    }
    return shown;
  };
}

/** The scoresheet's inputs from the rows just imported: every one of their keys has its name in the digest. */
function inputsOf(digest: ProcedureDigest, display: Display): ScoresheetInput[] {
  return digest.meaningful.map((p) => ({
    patient_key: p.patient_key,
    patient_name: (digest.patients.get(p.patient_key) as { name: string }).name,
    date: p.date,
    code: p.code,
    provider: p.provider,
    location: display(p.location),
  }));
}

function firstLocationsOf(digest: ProcedureDigest, keys: string[], display: Display): Map<string, string> {
  const found = new Map<string, string>();
  for (const key of keys) {
    const location = digest.patients.get(key)?.location;
    if (location !== undefined && location !== null) found.set(key, display(location) ?? location);
  }
  return found;
}

/**
 * The whole scoresheet (docs/behaviour.md section 4) of an import that replaced every procedure,
 * from its digest rather than from the table, as COPY text: the thread that read the file makes it.
 */
export function scoresheetFromDigest(digest: ProcedureDigest, settings: ScoresheetSettings): Uint8Array[] {
  const display = displayOf(settings.locations);
  const rows = computeScoresheet(
    inputsOf(digest, display),
    settings.mappings,
    new Map(settings.values.map((v) => [v.procedure_status, v])),
  );
  const unplaced = rows.filter((r) => r.location === null).map((r) => r.patient_key);
  withFirstLocations(rows, firstLocationsOf(digest, unplaced, display));
  const text: Uint8Array[] = [];
  for (let i = 0; i < rows.length; i += 20_000)
    text.push(encoder.encode(toCsv(rows.slice(i, i + 20_000).map(scoresheetRow))));
  return text;
}

const encoder = new TextEncoder();
