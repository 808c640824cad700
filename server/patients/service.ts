import type { PatientData } from '../../common/api/patients';
import { SEARCH_MIN_CHARS } from '../../common/limits';
import { type Actor, recordAudit } from '../audit/service';
import type { Tx } from '../db/client';
import type { Nullable, Row } from '../db/rows';
import type { codeMappings, futureAppointments, ignoreList, patients, procedures } from '../db/schema';
import { patientKey } from '../domain/names';
import { HttpError } from '../http/errors';
import { readScoresheetRow } from '../scoresheet/service';

const MAX_SUGGESTIONS = 20;

// Raw SQL: the search and the lookup are the calls a user waits on while typing. Their rows take
// the schema's types; `procedure` is the shown name (description, else the code's label, else the code).
type Named = Pick<Row<typeof patients>, 'patient_name'>;
type Shown = { procedure: string };
type ProcedureRow = Pick<Row<typeof procedures>, 'date' | 'code' | 'provider' | 'amount' | 'location'> &
  Shown;
type AppointmentRow = Pick<
  Row<typeof futureAppointments>,
  'appt_date' | 'code' | 'provider' | 'scheduled_status'
> &
  Shown & { case_value: Nullable<Row<typeof codeMappings>>['value'] };

/**
 * Display names containing q (case-insensitive), at most 20, sorted (docs/behaviour.md section 7). A search
 * shows patients' names, so each one that runs is audited, with what was typed.
 */
export async function searchPatients(db: Tx, actor: Actor, q: string) {
  const term = q.trim().replace(/\s+/g, ' ');
  if (term.length < SEARCH_MIN_CHARS) return { success: true as const, patients: [] };
  const rows = await db.query<Named>(
    `SELECT patient_name FROM patients WHERE strpos(lower(patient_name), lower($1)) > 0
     ORDER BY lower(patient_name), patient_name LIMIT $2`,
    [term, MAX_SUGGESTIONS],
  );
  await recordAudit(db, actor, 'patient_search', { q: term.slice(0, 200), results: rows.length });
  return { success: true as const, patients: rows.map((r) => r.patient_name) };
}

export async function lookupPatient(
  db: Tx,
  actor: Actor,
  name: string,
): Promise<{ success: true; data: PatientData }> {
  const key = patientKey(name);
  const [patient] = await db.query<Named>('SELECT patient_name FROM patients WHERE patient_key = $1', [key]);
  if (!patient) {
    // A search for someone who is not there is a lookup too; the name asked for is kept as typed.
    await recordAudit(db, actor, 'patient_lookup_not_found', { name: name.trim().slice(0, 200) });
    throw new HttpError(404, 'Patient not found');
  }
  const sheet = await readScoresheetRow(db, key);
  const procedures = await db.query<ProcedureRow>(
    `SELECT p.date, coalesce(nullif(p.description, ''), m.label, p.code) AS procedure, p.code, p.provider,
       p.amount, p.location
     FROM procedures p LEFT JOIN code_mappings m ON m.proc_code = p.code
     WHERE p.patient_key = $1 ORDER BY p.date DESC, p.id DESC`,
    [key],
  );
  const future_appointments = await db.query<AppointmentRow>(
    `SELECT a.appt_date, coalesce(nullif(a.description, ''), m.label, a.code) AS procedure, a.code, a.provider,
       a.scheduled_status, m.value AS case_value
     FROM future_appointments a LEFT JOIN code_mappings m ON m.proc_code = a.code
     WHERE a.patient_key = $1 ORDER BY a.appt_date ASC NULLS LAST, a.id`,
    [key],
  );
  const ignore_status = await db.query<Pick<Row<typeof ignoreList>, 'year_code' | 'notes'>>(
    'SELECT year_code, notes FROM ignore_list WHERE patient_key = $1 ORDER BY year_code',
    [key],
  );
  await recordAudit(db, actor, 'patient_lookup', { patient_name: patient.patient_name });
  return {
    success: true,
    data: {
      patient_name: patient.patient_name,
      scoresheet: sheet,
      procedures,
      future_appointments,
      ignore_status,
    },
  };
}
