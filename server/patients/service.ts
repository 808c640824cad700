import type { PatientData, SearchResponse } from '../../common/api/patients';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { OWN_PATIENT, patientNotFound } from '../caller/provider-rule';
import type { Tx } from '../db/client';
import type { Nullable, Row } from '../db/rows';
import type { codeMappings, futureAppointments, ignoreList, patients, procedures } from '../db/schema';
import { heldDetail, type ProviderFilter } from '../domain/figures/common';
import { nameSearch } from '../domain/name-search';
import { patientKey } from '../domain/names';
import { PERSON_SQL, type Person, personLeads } from '../scoresheet/person-leads';
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
 * Every patient in any file, and each patient no longer in any file whose case has activities,
 * under the name last written with them (docs/behaviour.md section 15): what managers and admins
 * search.
 */
const WITH_CASES = `(SELECT patient_key, patient_name FROM patients
  UNION ALL (SELECT DISTINCT ON (patient_key) patient_key, patient_name FROM patient_activities a
    WHERE NOT EXISTS (SELECT FROM patients p WHERE p.patient_key = a.patient_key)
    ORDER BY patient_key, id DESC)) patients`;

/**
 * The patients the text finds (`nameSearch`: any part of the display name, or the name written
 * `Last, First`), at most 20, sorted, and how many match in all (docs/behaviour.md section 7). A
 * search shows patients' names, so each one that runs is audited, with what was typed. A
 * provider held to their own (`heldTo`) finds only their patients, and `total` counts only those;
 * `withCases` (managers and admins) also finds patients known only by their case work.
 */
export async function searchPatients(
  db: Tx,
  actor: Actor,
  q: string,
  heldTo: ProviderFilter = null,
  withCases = false,
): Promise<SearchResponse> {
  const search = nameSearch(q);
  if (!search) return { success: true, patients: [], total: 0 };
  // Keys are the display names in lower case, so the patterns compare without case. The count is
  // taken before the limit cuts the list.
  const own = heldTo === null ? '' : `AND ${OWN_PATIENT('patients.patient_key', '$3')}`;
  const rows = await db.query<Named & { total: number }>(
    `SELECT patient_name, count(*) OVER ()::int AS total FROM ${withCases ? WITH_CASES : 'patients'}
     WHERE patient_key LIKE ANY($1::text[]) ${own}
     ORDER BY lower(patient_name), patient_name LIMIT $2`,
    heldTo === null ? [search.patterns, MAX_SUGGESTIONS] : [search.patterns, MAX_SUGGESTIONS, heldTo],
  );
  const total = rows[0]?.total ?? 0;
  await recordAudit(db, actor, 'patient_search', {
    q: search.term.slice(0, 200),
    results: rows.length,
    total,
    ...heldDetail(heldTo),
  });
  return { success: true, patients: rows.map((r) => r.patient_name), total };
}

/**
 * One patient's record (docs/behaviour.md section 7). A provider held to their own (`heldTo`)
 * finds only their patients: anyone else is `Patient not found`, as if not there, and the audit
 * row names the provider the lookup was held to.
 */
export async function lookupPatient(
  db: Tx,
  actor: Actor,
  name: string,
  idOf: (key: string) => string,
  heldTo: ProviderFilter = null,
): Promise<{ success: true; data: PatientData }> {
  const key = patientKey(name);
  const [patient] = await db.query<Person>(
    heldTo === null
      ? `${PERSON_SQL} WHERE n.patient_key = $1`
      : `${PERSON_SQL} WHERE n.patient_key = $1 AND ${OWN_PATIENT('$1', '$2')}`,
    heldTo === null ? [key] : [key, heldTo],
  );
  const held = heldDetail(heldTo);
  if (!patient) {
    // A search for someone who is not there is a lookup too; the name asked for is kept as typed.
    await recordAudit(db, actor, 'patient_lookup_not_found', { name: name.trim().slice(0, 200), ...held });
    throw patientNotFound();
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
  const leads = await personLeads(db, key);
  await recordAudit(db, actor, 'patient_lookup', { patient_name: patient.patient_name, ...held });
  return {
    success: true,
    data: {
      patient_name: patient.patient_name,
      patient_id: idOf(key),
      phone: patient.phone,
      scoresheet: sheet,
      procedures,
      future_appointments,
      ignore_status,
      source: patient.source,
      leads,
    },
  };
}
