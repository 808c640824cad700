import type { ScoresheetRow, WinLoss } from '../../common/api/config';
import type { Tx } from '../db/client';
import { flagsFromScore } from '../domain/flags';

interface StoredRow {
  patient_name: string;
  provider: string;
  score: number;
  procedure_status: string;
  consult_date: string | null;
  date_of_temp_placement: string | null;
  case_date: string | null;
  pending_finance_date: string | null;
  win_loss: WinLoss;
  no_of_arches: number;
  case_value: number;
}

/** The stored scoresheet, one row per patient, sorted by patient name. */
export async function readScoresheet(db: Tx): Promise<ScoresheetRow[]> {
  const rows = await db.query<StoredRow>(
    `SELECT patient_name, provider, score, procedure_status, consult_date, date_of_temp_placement, case_date,
       pending_finance_date, win_loss, no_of_arches, case_value
     FROM scoresheet ORDER BY lower(patient_name), patient_key`,
  );
  return rows.map((r) => ({ ...r, treatment_flags: flagsFromScore(r.score) }));
}
