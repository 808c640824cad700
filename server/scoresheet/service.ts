import type { ScoresheetRow } from '../../common/api/config';
import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { scoresheet } from '../db/schema';
import { flagsFromScore } from '../domain/flags';

// Raw SQL: every patient's row at once, which Drizzle would map again one by one.
const READ = `SELECT patient_name, provider, score, procedure_status, consult_date, date_of_temp_placement,
    case_date, pending_finance_date, presented_date, accepted_date, perm_date, location, win_loss,
    no_of_arches, case_value
  FROM scoresheet`;

const withFlags = (r: Omit<Row<typeof scoresheet>, 'patient_key'>): ScoresheetRow => ({
  ...r,
  treatment_flags: flagsFromScore(r.score),
});

/**
 * The stored scoresheet, one row per patient, sorted by patient name; only the rows of `provider`
 * when one is given (a provider held to their own, docs/behaviour.md section 14).
 */
export async function readScoresheet(db: Tx, provider: string | null = null): Promise<ScoresheetRow[]> {
  const order = 'ORDER BY lower(patient_name), patient_key';
  const rows = await db.query<Omit<Row<typeof scoresheet>, 'patient_key'>>(
    provider === null ? `${READ} ${order}` : `${READ} WHERE provider = $1 ${order}`,
    provider === null ? [] : [provider],
  );
  return rows.map(withFlags);
}

/** One patient's scoresheet row, or null when their procedures set no flag. */
export async function readScoresheetRow(db: Tx, patientKey: string): Promise<ScoresheetRow | null> {
  const [row] = await db.query<Omit<Row<typeof scoresheet>, 'patient_key'>>(
    `${READ} WHERE patient_key = $1`,
    [patientKey],
  );
  return row ? withFlags(row) : null;
}
