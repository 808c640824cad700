import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { codeMappings, mappingValues, patients, procedures } from '../db/schema';
import { labelKind } from '../domain/flags';
import { computeScoresheet, type ScoresheetInput } from '../domain/scoresheet';
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
  'win_loss',
  'no_of_arches',
  'case_value',
];

type P = Row<typeof procedures>;
/** A procedure as the recalculation reads it: [patient_key, patient_name, date, code, provider]. */
type ProcedureTuple = [
  P['patient_key'],
  Row<typeof patients>['patient_name'],
  P['date'],
  P['code'],
  P['provider'],
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
    `SELECT coalesce(json_agg(json_build_array(p.patient_key, n.patient_name, p.date, p.code, p.provider)
       ORDER BY p.id), '[]') AS rows
     FROM procedures p JOIN patients n USING (patient_key)
     WHERE p.code = ANY($1::text[])`,
    [meaningful],
  );
  const procedures: ScoresheetInput[] = found.map(([patient_key, patient_name, date, code, provider]) => ({
    patient_key,
    patient_name,
    date,
    code,
    provider,
  }));
  const rows = computeScoresheet(procedures, mappings, new Map(values.map((v) => [v.procedure_status, v])));
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
          r.win_loss,
          r.no_of_arches,
          r.case_value,
        ]),
    );
  }
  await bumpDataVersion(tx);
  return rows.length;
}
