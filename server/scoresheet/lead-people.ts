import type { Tx } from '../db/client';

/**
 * A phone's ten digits in SQL, or NULL, from its digits alone (`d`): an eleventh leading `1`
 * dropped, then exactly ten, as `phoneDigits` in domain/leads.ts says. `d` is worked out once per
 * row in a subquery kept whole by `OFFSET 0`: written inline it would be worked out for each use.
 */
const TEN_DIGITS = `CASE WHEN length(d) = 10 THEN d WHEN length(d) = 11 AND left(d, 1) = '1' THEN substr(d, 2) END`;
const DIGITS_OF_PHONE = `regexp_replace(phone, '[^0-9]', '', 'g') AS d`;

/**
 * The names only on the Ignore List, each a patient row of its own: every other patient row is a
 * patient of the two reports, whom leads match. Found from the short list, joined to the long one.
 */
const ONLY_LISTED = `SELECT DISTINCT i.patient_key FROM ignore_list i
  WHERE NOT EXISTS (SELECT FROM procedures r WHERE r.patient_key = i.patient_key)
    AND NOT EXISTS (SELECT FROM future_appointments a WHERE a.patient_key = i.patient_key)`;

/**
 * The patient rows a Leads file's leads are matched to as they are read (LeadPatients in
 * import-store/import-sink.ts), for a file whose leads become all the leads. One JSON text, parsed
 * by the reading thread: 140,000 rows turned into objects here would hold the server's thread.
 */
export async function readLeadPatients(tx: Tx): Promise<string> {
  const [{ patients }] = await tx.query<{ patients: string }>(
    `SELECT json_build_object(
       'keys', coalesce(json_agg(p.patient_key) FILTER (WHERE l.patient_key IS NULL), '[]'),
       'names', coalesce(json_agg(p.patient_name) FILTER (WHERE l.patient_key IS NULL), '[]'),
       'phones', coalesce(json_agg(nullif(p.phone, '')) FILTER (WHERE l.patient_key IS NULL), '[]'),
       'listed', coalesce(json_agg(p.patient_key) FILTER (WHERE l.patient_key IS NOT NULL), '[]'),
       'listedNames', coalesce(json_agg(p.patient_name) FILTER (WHERE l.patient_key IS NOT NULL), '[]')
     )::text AS patients
     FROM patients p LEFT JOIN (${ONLY_LISTED}) l USING (patient_key) WHERE NOT p.lead_only`,
  );
  return patients;
}

/**
 * Who each lead is (docs/behaviour.md section 19), stored once per change of the data rather than
 * worked out per request: each lead's `person_key`, each person's first touch and phone
 * (`lead_people`), and each person known only from leads as a patient row of their own
 * (`lead_only`), so that search, lookup and case work find them as they find a patient. Runs in the
 * caller's transaction after the patients table is rebuilt, or alone after a Leads file, which
 * leaves the patients of the reports as they are: only what the leads made is replaced.
 *
 * The matching is done by the database, so that no lead crosses to the server: reading 200,000
 * leads back and matching them in JavaScript took seconds and held the server's thread while other
 * calls waited (docs/performance.md, leads). `attributeLeads` in domain/leads.ts says the same
 * rules as a pure function, and lead-people.api.test.ts holds this SQL to it on generated data.
 */
export async function refreshLeadPeople(tx: Tx): Promise<void> {
  await tx.query('DELETE FROM lead_people');
  await tx.query('DELETE FROM patients WHERE lead_only');
  const [{ some }] = await tx.query<{ some: boolean }>('SELECT EXISTS (SELECT FROM leads) AS some');
  if (!some) return;
  // Short statements over every lead: compiling them would cost more than it saves. Local to the
  // caller's transaction, and set back below.
  const [{ jit }] = await tx.query<{ jit: string }>("SELECT current_setting('jit') AS jit");
  await tx.query("SELECT set_config('jit', 'off', true)");
  // The patients leads match are those of the two reports.
  await tx.query('CREATE TEMPORARY TABLE lead_match (patient_key text PRIMARY KEY, phone text, digits text)');
  await tx.query(
    `INSERT INTO lead_match SELECT patient_key, phone, ${TEN_DIGITS} FROM (
       SELECT patient_key, nullif(phone, '') AS phone, ${DIGITS_OF_PHONE}
       FROM patients p LEFT JOIN (${ONLY_LISTED}) l USING (patient_key) WHERE l.patient_key IS NULL
       OFFSET 0) known`,
  );
  // Ten digits that exactly one patient has: a line several patients share matches no one.
  await tx.query(
    'CREATE TEMPORARY TABLE lead_match_phone (digits text PRIMARY KEY, patient_key text NOT NULL)',
  );
  await tx.query(
    `INSERT INTO lead_match_phone SELECT digits, min(patient_key) FROM lead_match
     WHERE digits IS NOT NULL GROUP BY digits HAVING count(*) = 1`,
  );
  // Temporary tables are never analysed on their own; the joins below need their sizes.
  await tx.query('ANALYZE lead_match, lead_match_phone');
  // A lead is the patient with its key, else the one patient with its phone, else a person of its
  // own under its key. Only the leads whose person changed are written.
  await tx.query(
    `UPDATE leads l SET person_key = w.person FROM (
       SELECT x.id, coalesce(u.patient_key, x.patient_key) AS person
       FROM (SELECT id, patient_key, person_key, ${TEN_DIGITS} AS digits
             FROM (SELECT id, patient_key, person_key, ${DIGITS_OF_PHONE} FROM leads OFFSET 0) y) x
       LEFT JOIN lead_match m ON m.patient_key = x.patient_key
       LEFT JOIN lead_match_phone u ON m.patient_key IS NULL AND u.digits = x.digits
       WHERE x.person_key IS DISTINCT FROM coalesce(u.patient_key, x.patient_key)
     ) w
     WHERE l.id = w.id`,
  );
  // Each person's leads that say who they are, found by grouping rather than sorting: the first
  // touch (the earliest lead, ties to the earlier one), the first lead (their name when known only
  // from leads) and the last lead with a phone.
  await tx.query(
    `CREATE TEMPORARY TABLE lead_person AS
     SELECT person_key, (min(ARRAY[lead_date - DATE '0001-01-01', id]))[2] AS touch_id,
       min(id) AS first_id, max(id) FILTER (WHERE phone IS NOT NULL) AS phone_id
     FROM leads GROUP BY person_key`,
  );
  await tx.query('ANALYZE lead_person');
  // The first touch's source is spelled as that source was first seen; the phone is the matched
  // patient's, else the last one their leads give.
  await tx.query(
    `INSERT INTO lead_people (person_key, source, first_lead_date, phone)
     SELECT f.person_key, s.source, t.lead_date, coalesce(m.phone, ph.phone)
     FROM lead_person f
     JOIN leads t ON t.id = f.touch_id
     JOIN (SELECT DISTINCT ON (source_key) source_key, source FROM leads ORDER BY source_key, id) s
       ON s.source_key = t.source_key
     LEFT JOIN leads ph ON ph.id = f.phone_id
     LEFT JOIN lead_match m ON m.patient_key = f.person_key`,
  );
  // A name only on the Ignore List is a patient row already, which stays as it is.
  await tx.query(
    `INSERT INTO patients (patient_key, patient_name, phone, lead_only)
     SELECT f.person_key, n.patient_name, ph.phone, true
     FROM lead_person f JOIN leads n ON n.id = f.first_id LEFT JOIN leads ph ON ph.id = f.phone_id
     WHERE NOT EXISTS (SELECT FROM lead_match m WHERE m.patient_key = f.person_key)
     ON CONFLICT (patient_key) DO NOTHING`,
  );
  await tx.query('DROP TABLE lead_match, lead_match_phone, lead_person');
  await tx.query("SELECT set_config('jit', $1, true)", [jit]);
}
