import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { codeMappings, locations, mappingValues, patients, procedures } from '../db/schema';
import { labelKind } from '../domain/flags';
import { locationKey } from '../domain/names';
import { computeScoresheet, type ScoresheetInput, withFirstLocations } from '../domain/scoresheet';
import { bumpDataVersion } from './data-version';

/**
 * Rebuilds the patients table: each patient key with the display name first seen, in the order of
 * docs/behaviour.md section 1 (Full Arch Report, then Future Scheduled, then Ignore List; row order within).
 */
export async function refreshPatients(tx: Tx): Promise<void> {
  await tx.query('DELETE FROM patients');
  await tx.query(
    `INSERT INTO patients (patient_key, patient_name)
     SELECT DISTINCT ON (patient_key) patient_key, patient_name FROM (
       SELECT patient_key, patient_name, 1 AS kind, id FROM procedures
       UNION ALL SELECT patient_key, patient_name, 2, id FROM future_appointments
       UNION ALL SELECT patient_key, patient_name, 3, id FROM ignore_list
     ) named ORDER BY patient_key, kind, id`,
  );
}

/**
 * Rebuilds the locations table: each office once under its case-folded key, spelled as first seen
 * (Full Arch Report, then Future Scheduled, in row order; docs/behaviour.md section 11). Only the
 * first row of each office is read from each table, found by a grouped scan rather than a sort.
 */
export async function refreshLocations(tx: Tx): Promise<void> {
  await tx.query('DELETE FROM locations');
  await tx.query(
    `INSERT INTO locations (location_key, location)
     SELECT DISTINCT ON (lower(location)) lower(location), location FROM (
       SELECT p.location, 1 AS kind, p.id FROM procedures p
         JOIN (SELECT min(id) AS id FROM procedures WHERE location IS NOT NULL GROUP BY lower(location)) f
         USING (id)
       UNION ALL SELECT a.location, 2, a.id FROM future_appointments a
         JOIN (SELECT min(id) AS id FROM future_appointments WHERE location IS NOT NULL GROUP BY lower(location)) f
         USING (id)
     ) named ORDER BY lower(location), kind, id`,
  );
}

/** Each office's display form by its key, to spell every row's office as the first one seen. */
async function displayNames(tx: Tx): Promise<(location: string | null) => string | null> {
  const rows = await tx.query<Row<typeof locations>>('SELECT location_key, location FROM locations');
  const names = new Map(rows.map((r) => [r.location_key, r.location]));
  return (location) => (location === null ? null : (names.get(locationKey(location)) ?? location));
}

const SCORESHEET_COLUMNS = [
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

type P = Row<typeof procedures>;
/** A procedure as the recalculation reads it: [patient_key, patient_name, date, code, provider, location]. */
type ProcedureTuple = [
  P['patient_key'],
  Row<typeof patients>['patient_name'],
  P['date'],
  P['code'],
  P['provider'],
  P['location'],
];

/** Recomputes every scoresheet row (docs/behaviour.md section 4) inside the caller's transaction. */
export async function recalculateScoresheet(tx: Tx): Promise<number> {
  const mappings = await tx.query<Pick<Row<typeof codeMappings>, 'proc_code' | 'label'>>(
    'SELECT proc_code, label FROM code_mappings',
  );
  const values = await tx.query<Omit<Row<typeof mappingValues>, 'id'>>(
    'SELECT procedure_status, no_of_arches, win_loss, case_value FROM mapping_values',
  );
  // Only codes whose label carries a meaning can set a flag or date a case: skip routine visits.
  const meaningful = mappings.filter((m) => labelKind(m.label) !== null).map((m) => m.proc_code);
  // Hundreds of thousands of rows come back as one JSON value: the embedded database hands rows
  // over one protocol message at a time, about three times slower than one parse of the whole.
  const [{ rows: found }] = await tx.query<{ rows: ProcedureTuple[] }>(
    `SELECT coalesce(json_agg(json_build_array(p.patient_key, n.patient_name, p.date, p.code, p.provider,
       p.location) ORDER BY p.id), '[]') AS rows
     FROM procedures p JOIN patients n USING (patient_key)
     WHERE p.code = ANY($1::text[])`,
    [meaningful],
  );
  const display = await displayNames(tx);
  const procedures: ScoresheetInput[] = found.map(
    ([patient_key, patient_name, date, code, provider, location]) => ({
      patient_key,
      patient_name,
      date,
      code,
      provider,
      location: display(location),
    }),
  );
  const rows = computeScoresheet(procedures, mappings, new Map(values.map((v) => [v.procedure_status, v])));
  withFirstLocations(rows, await firstLocations(tx, rows, display));
  await tx.query('DELETE FROM scoresheet');
  const CHUNK = 20_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.copyRows(
      'scoresheet',
      SCORESHEET_COLUMNS,
      rows
        .slice(i, i + CHUNK)
        .map((r) => [
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
        ]),
    );
  }
  await bumpDataVersion(tx);
  return rows.length;
}

/**
 * The first office named among all the Full Arch Report procedures of each patient whose
 * provider-giving procedure named none: usually few, so they are read by key through the index.
 */
async function firstLocations(
  tx: Tx,
  rows: { patient_key: string; location: string | null }[],
  display: (location: string | null) => string | null,
): Promise<Map<string, string>> {
  const keys = rows.filter((r) => r.location === null).map((r) => r.patient_key);
  if (keys.length === 0) return new Map();
  const found = await tx.query<Pick<P, 'patient_key'> & { location: string }>(
    `SELECT DISTINCT ON (patient_key) patient_key, location FROM procedures
     WHERE patient_key = ANY($1::text[]) AND location IS NOT NULL ORDER BY patient_key, id`,
    [keys],
  );
  return new Map(found.map((r) => [r.patient_key, display(r.location) ?? r.location]));
}
