import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { locations, patients, procedures } from '../db/schema';
import { labelKind } from '../domain/flags';
import { computeScoresheet, type ScoresheetInput, withFirstLocations } from '../domain/scoresheet';
import { bumpDataVersion } from './data-version';
import {
  type Display,
  displayOf,
  type Mapping,
  type MappingValue,
  SCORESHEET_COLUMNS,
  type ScoresheetSettings,
  scoresheetRow,
} from './from-digest';

/**
 * Rebuilds the patients table: each patient key with the display name first seen, in the order of
 * docs/behaviour.md section 1 (Full Arch Report, then Future Scheduled, then Ignore List; row order
 * within), and the last phone given in that order (section 2). `fromProcedures`, when an import has
 * just replaced every procedure, holds the first name and last phone of each of their keys
 * (ProcedureDigest.patientsText), as COPY text in key order, so only the other two, smaller lists
 * are read.
 */
export async function refreshPatients(tx: Tx, fromProcedures?: Iterable<Uint8Array>): Promise<void> {
  await tx.query('DELETE FROM patients');
  if (fromProcedures === undefined) {
    await tx.query(
      `INSERT INTO patients (patient_key, patient_name)
       SELECT DISTINCT ON (patient_key) patient_key, patient_name FROM (
         SELECT patient_key, patient_name, 1 AS kind, id FROM procedures
         UNION ALL SELECT patient_key, patient_name, 2, id FROM future_appointments
         UNION ALL SELECT patient_key, patient_name, 3, id FROM ignore_list
       ) named ORDER BY patient_key, kind, id`,
    );
    await tx.query(
      `UPDATE patients p SET phone = last.phone FROM (
         SELECT DISTINCT ON (patient_key) patient_key, phone FROM (
           SELECT patient_key, phone, 1 AS kind, id FROM procedures WHERE phone IS NOT NULL
           UNION ALL SELECT patient_key, phone, 2, id FROM future_appointments WHERE phone IS NOT NULL
         ) given ORDER BY patient_key, kind DESC, id DESC
       ) last WHERE p.patient_key = last.patient_key`,
    );
    return;
  }
  await tx.copyText('patients', ['patient_key', 'patient_name', 'phone'], fromProcedures);
  await tx.query(
    `INSERT INTO patients (patient_key, patient_name)
     SELECT DISTINCT ON (patient_key) patient_key, patient_name FROM (
       SELECT patient_key, patient_name, 2 AS kind, id FROM future_appointments
       UNION ALL SELECT patient_key, patient_name, 3, id FROM ignore_list
     ) named WHERE NOT EXISTS (SELECT FROM patients p WHERE p.patient_key = named.patient_key)
     ORDER BY patient_key, kind, id`,
  );
  // An appointment's phone comes after every procedure's, so it wins over the digest's.
  await tx.query(
    `UPDATE patients p SET phone = last.phone FROM (
       SELECT DISTINCT ON (patient_key) patient_key, phone FROM future_appointments
       WHERE phone IS NOT NULL ORDER BY patient_key, id DESC
     ) last WHERE p.patient_key = last.patient_key`,
  );
}

/** `items` as COPY batches of 20,000 rows, each item made a row by `row`. */
async function* batchesOf<T, R>(items: Iterable<T>, row: (item: T) => R): AsyncGenerator<R[]> {
  let batch: R[] = [];
  for (const item of items) {
    batch.push(row(item));
    if (batch.length === 20_000) {
      yield batch;
      batch = [];
    }
  }
  yield batch;
}

/**
 * Rebuilds the locations table: each office once under its case-folded key, spelled as first seen
 * (Full Arch Report, then Future Scheduled, in row order; docs/behaviour.md section 11). Only the
 * first row of each office is read from each table, found by a grouped scan rather than a sort.
 * `fromProcedures`, when an import has just replaced every procedure, holds their spellings in
 * the order first seen (ProcedureDigest), and the procedures are not read.
 */
export async function refreshLocations(tx: Tx, fromProcedures?: Iterable<string>): Promise<void> {
  const procedures =
    fromProcedures === undefined
      ? `SELECT p.location, 1 AS kind, p.id FROM procedures p
           JOIN (SELECT min(id) AS id FROM procedures WHERE location IS NOT NULL GROUP BY lower(location)) f
           USING (id)`
      : 'SELECT u.location, 1 AS kind, u.id FROM unnest($1::text[]) WITH ORDINALITY AS u(location, id)';
  await tx.query('DELETE FROM locations');
  await tx.query(
    `INSERT INTO locations (location_key, location)
     SELECT DISTINCT ON (lower(location)) lower(location), location FROM (
       ${procedures}
       UNION ALL SELECT a.location, 2, a.id FROM future_appointments a
         JOIN (SELECT min(id) AS id FROM future_appointments WHERE location IS NOT NULL GROUP BY lower(location)) f
         USING (id)
     ) named ORDER BY lower(location), kind, id`,
    fromProcedures === undefined ? [] : [[...fromProcedures]],
  );
}

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

/** Only codes whose label carries a meaning can set a flag or date a case: routine visits are skipped. */
export function meaningfulCodes(mappings: readonly Mapping[]): Set<string> {
  return new Set(mappings.filter((m) => labelKind(m.label) !== null).map((m) => m.proc_code));
}

/**
 * Computes the scoresheet of an import that has just replaced every procedure, from what it saw of
 * them (scoresheetFromDigest), given what is read in the transaction: rows and their COPY text.
 */
export type FromImport = (settings: ScoresheetSettings) => Promise<{ rows: number; text: Uint8Array[] }>;

/**
 * Recomputes every scoresheet row (docs/behaviour.md section 4) inside the caller's transaction.
 * `fromImport`, when an import has just replaced every procedure, computes them from what it saw
 * instead of reading the procedures back: the caller has read the mappings in the same
 * transaction, so its meaningful codes are these.
 */
export async function recalculateScoresheet(tx: Tx, fromImport?: FromImport): Promise<number> {
  const settings: ScoresheetSettings = {
    mappings: await tx.query<Mapping>('SELECT proc_code, label FROM code_mappings'),
    values: await tx.query<MappingValue>(
      'SELECT procedure_status, no_of_arches, win_loss, case_value FROM mapping_values',
    ),
    locations: await tx.query<Row<typeof locations>>('SELECT location_key, location FROM locations'),
  };
  await tx.query('DELETE FROM scoresheet');
  let count: number;
  if (fromImport) {
    const computed = await fromImport(settings);
    await tx.copyText('scoresheet', SCORESHEET_COLUMNS, computed.text);
    count = computed.rows;
  } else {
    const display = displayOf(settings.locations);
    const procedures = await readProcedures(tx, meaningfulCodes(settings.mappings), display);
    const rows = computeScoresheet(
      procedures,
      settings.mappings,
      new Map(settings.values.map((v) => [v.procedure_status, v])),
    );
    const unplaced = rows.filter((r) => r.location === null).map((r) => r.patient_key);
    withFirstLocations(rows, await firstLocations(tx, unplaced, display));
    await tx.copyBatches('scoresheet', SCORESHEET_COLUMNS, batchesOf(rows, scoresheetRow));
    count = rows.length;
  }
  await bumpDataVersion(tx);
  return count;
}

async function readProcedures(tx: Tx, meaningful: Set<string>, display: Display): Promise<ScoresheetInput[]> {
  // Hundreds of thousands of rows come back as one JSON value: the embedded database hands rows
  // over one protocol message at a time, about three times slower than one parse of the whole.
  const [{ rows: found }] = await tx.query<{ rows: ProcedureTuple[] }>(
    `SELECT coalesce(json_agg(json_build_array(p.patient_key, n.patient_name, p.date, p.code, p.provider,
       p.location) ORDER BY p.id), '[]') AS rows
     FROM procedures p JOIN patients n USING (patient_key)
     WHERE p.code = ANY($1::text[])`,
    [[...meaningful]],
  );
  return found.map(([patient_key, patient_name, date, code, provider, location]) => ({
    patient_key,
    patient_name,
    date,
    code,
    provider,
    location: display(location),
  }));
}

/**
 * The first office named among all the Full Arch Report procedures of each patient whose
 * provider-giving procedure named none: usually few, so they are read by key through the index.
 */
async function firstLocations(tx: Tx, keys: string[], display: Display): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const found = await tx.query<Pick<P, 'patient_key'> & { location: string }>(
    `SELECT DISTINCT ON (patient_key) patient_key, location FROM procedures
     WHERE patient_key = ANY($1::text[]) AND location IS NOT NULL ORDER BY patient_key, id`,
    [keys],
  );
  return new Map(found.map((r) => [r.patient_key, display(r.location) ?? r.location]));
}
