import type { Tx } from '../db/client';
import { type FreshTable, freshTable, swapIn } from '../db/fresh-table';
import type { Row } from '../db/rows';
import type { locations, patients, procedures } from '../db/schema';
import { bumpDataVersion } from '../db/versions';
import { labelKind } from '../domain/flags';
import { computeScoresheet, type ScoresheetInput, withFirstLocations } from '../domain/scoresheet';
import {
  type Display,
  displayOf,
  type Mapping,
  type MappingValue,
  SCORESHEET_COLUMNS,
  type ScoresheetSettings,
  scoresheetRow,
} from './from-digest';
import { refreshLeadPeople } from './lead-people';

/**
 * Rebuilds the patients table: each patient key with the display name first seen, in the order of
 * docs/behaviour.md section 1 (Full Arch Report, then Future Scheduled, then Ignore List; row order
 * within), and the last phone given in that order (section 2). `fromProcedures`, when an import has
 * just replaced every procedure, holds the first name and last phone of each of their keys
 * (ProcedureDigest.patientsText), as COPY text, so only the other two, smaller lists are read.
 */
export async function refreshPatients(
  tx: Tx,
  fromProcedures?: Iterable<Uint8Array>,
  /** A new patients table to fill instead of emptying this one (db/fresh-table.ts). */
  fresh: FreshTable | null = null,
): Promise<void> {
  const table = fresh?.name ?? 'patients';
  if (!fresh) await tx.query('DELETE FROM patients');
  if (fromProcedures === undefined) {
    await tx.query(
      `INSERT INTO ${table} (patient_key, patient_name)
       SELECT DISTINCT ON (patient_key) patient_key, patient_name FROM (
         SELECT patient_key, patient_name, 1 AS kind, id FROM procedures
         UNION ALL SELECT patient_key, patient_name, 2, id FROM future_appointments
         UNION ALL SELECT patient_key, patient_name, 3, id FROM ignore_list
       ) named ORDER BY patient_key, kind, id`,
    );
    await tx.query(
      `UPDATE ${table} p SET phone = last.phone FROM (
         SELECT DISTINCT ON (patient_key) patient_key, phone FROM (
           SELECT patient_key, phone, 1 AS kind, id FROM procedures WHERE phone IS NOT NULL
           UNION ALL SELECT patient_key, phone, 2, id FROM future_appointments WHERE phone IS NOT NULL
         ) given ORDER BY patient_key, kind DESC, id DESC
       ) last WHERE p.patient_key = last.patient_key`,
    );
    if (!fresh) await refreshLeadPeople(tx);
    return;
  }
  await tx.copyText(table, ['patient_key', 'patient_name', 'phone'], fromProcedures);
  await tx.query(
    `INSERT INTO ${table} (patient_key, patient_name)
     SELECT DISTINCT ON (patient_key) patient_key, patient_name FROM (
       SELECT patient_key, patient_name, 2 AS kind, id FROM future_appointments
       UNION ALL SELECT patient_key, patient_name, 3, id FROM ignore_list
     ) named WHERE NOT EXISTS (SELECT FROM ${table} p WHERE p.patient_key = named.patient_key)
     ORDER BY patient_key, kind, id`,
  );
  // An appointment's phone comes after every procedure's, so it wins over the digest's.
  await tx.query(
    `UPDATE ${table} p SET phone = last.phone FROM (
       SELECT DISTINCT ON (patient_key) patient_key, phone FROM future_appointments
       WHERE phone IS NOT NULL ORDER BY patient_key, id DESC
     ) last WHERE p.patient_key = last.patient_key`,
  );
  // A new table is read by the leads once it stands in the old one's place (rebuildFromDigest).
  if (!fresh) await refreshLeadPeople(tx);
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
 * Every code mapping's code and label, as this transaction sees them: the one read of them an
 * import, a sync, a preview and the scoresheet make.
 */
export function readMappings(tx: Tx): Promise<Mapping[]> {
  return tx.query<Mapping>('SELECT proc_code, label FROM code_mappings');
}

/** What the scoresheet is computed with besides the procedures, as this transaction sees it. */
export async function readScoresheetSettings(tx: Tx): Promise<ScoresheetSettings> {
  return {
    mappings: await readMappings(tx),
    values: await tx.query<MappingValue>(
      'SELECT procedure_status, no_of_arches, win_loss, case_value FROM mapping_values',
    ),
    locations: await tx.query<Row<typeof locations>>('SELECT location_key, location FROM locations'),
  };
}

/**
 * Stores a scoresheet computed from what an import that has just replaced every procedure saw
 * of them (scoresheetFromDigest, with readScoresheetSettings of this transaction), in place of
 * every row, and moves the data version on.
 */
export async function storeScoresheet(
  tx: Tx,
  /** The scoresheet's COPY text. */
  text: Uint8Array[],
  /** A new scoresheet table to fill instead of emptying this one (db/fresh-table.ts). */
  fresh: FreshTable | null = null,
): Promise<void> {
  if (!fresh) await tx.query('DELETE FROM scoresheet');
  await tx.copyText(fresh?.name ?? 'scoresheet', SCORESHEET_COLUMNS, text);
  await bumpDataVersion(tx);
}

/** What an import that replaced every procedure made of them as they went by (ProcedureDigest). */
export interface DigestParts {
  /** Every office spelling, in the order first seen. */
  locations: Iterable<string>;
  /** The patients' COPY text (ProcedureDigest.patientsText). */
  patients(): Promise<Iterable<Uint8Array>>;
  /** The scoresheet's COPY text, computed with these settings (scoresheetFromDigest). */
  scoresheet(settings: ScoresheetSettings): Promise<Uint8Array[]>;
}

/**
 * Rebuilds the offices, patients and scoresheet after an import has replaced every procedure,
 * from its digest rather than by reading them back, in the caller's transaction; `procedures` is
 * the new procedures table it filled, if it filled one. The new tables take the old ones' places
 * together at the end (swapIn). Whoever computes the digest's parts works while the database
 * indexes the procedures and stores the patients.
 */
export async function rebuildFromDigest(
  tx: Tx,
  procedures: FreshTable | null,
  digest: DigestParts,
): Promise<void> {
  await refreshLocations(tx, digest.locations);
  const computing = digest.scoresheet(await readScoresheetSettings(tx));
  computing.catch(() => {});
  await procedures?.index();
  const patients = await freshTable(tx, 'patients');
  await refreshPatients(tx, await digest.patients(), patients);
  const scoresheet = await freshTable(tx, 'scoresheet');
  await storeScoresheet(tx, await computing, scoresheet);
  await swapIn(tx, [procedures, patients, scoresheet]);
  await refreshLeadPeople(tx);
}

/**
 * Recomputes every scoresheet row (docs/behaviour.md section 4) inside the caller's transaction,
 * from the procedures as stored.
 */
export async function recalculateScoresheet(tx: Tx): Promise<number> {
  const settings = await readScoresheetSettings(tx);
  await tx.query('DELETE FROM scoresheet');
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
  await bumpDataVersion(tx);
  return rows.length;
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
