import type { ScoresheetRow } from '../../common/api/config';
import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { scoresheet } from '../db/schema';
import { flagsFromScore } from '../domain/flags';

/**
 * The stored scoresheet, one row per patient, sorted by patient name. Raw SQL: every patient's row
 * at once, which Drizzle would map again one by one.
 */
export async function readScoresheet(db: Tx): Promise<ScoresheetRow[]> {
  const rows = await db.query<Omit<Row<typeof scoresheet>, 'patient_key'>>(
    `SELECT patient_name, provider, score, procedure_status, consult_date, date_of_temp_placement, case_date,
       pending_finance_date, win_loss, no_of_arches, case_value
     FROM scoresheet ORDER BY lower(patient_name), patient_key`,
  );
  return rows.map((r) => ({ ...r, treatment_flags: flagsFromScore(r.score) }));
}
