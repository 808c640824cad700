import type { Tx } from '../db/client';

/**
 * A phone's ten digits in SQL, or NULL: the digits alone, an eleventh leading `1` dropped, then
 * exactly ten, as `phoneDigits` in domain/leads.ts says.
 */
const tenDigits = (column: string) =>
  `(SELECT CASE WHEN d ~ '^1[0-9]{10}$' THEN substr(d, 2) WHEN length(d) = 10 THEN d END
    FROM (SELECT regexp_replace(${column}, '[^0-9]', '', 'g') AS d) AS digits)`;

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
  // The patients leads match are those of the two reports; a name only on the Ignore List is none.
  await tx.query('CREATE TEMPORARY TABLE lead_match (patient_key text PRIMARY KEY, phone text, digits text)');
  await tx.query(
    `INSERT INTO lead_match SELECT patient_key, phone, ${tenDigits('phone')} FROM patients p
     WHERE EXISTS (SELECT FROM procedures r WHERE r.patient_key = p.patient_key)
        OR EXISTS (SELECT FROM future_appointments a WHERE a.patient_key = p.patient_key)`,
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
       SELECT x.id, coalesce(m.patient_key, u.patient_key, x.patient_key) AS person
       FROM leads x
       LEFT JOIN lead_match m ON m.patient_key = x.patient_key
       LEFT JOIN lead_match_phone u ON m.patient_key IS NULL AND u.digits = ${tenDigits('x.phone')}
     ) w
     WHERE l.id = w.id AND l.person_key IS DISTINCT FROM w.person`,
  );
  // A person's first touch is their earliest lead, ties to the earlier lead, its source spelled as
  // that source was first seen; their phone is the matched patient's, else their last lead's.
  await tx.query(
    `INSERT INTO lead_people (person_key, source, first_lead_date, phone)
     SELECT f.person_key, s.source, f.lead_date, coalesce(m.phone, p.phone)
     FROM (SELECT DISTINCT ON (person_key) person_key, lead_date, source_key FROM leads
           ORDER BY person_key, lead_date, id) f
     JOIN (SELECT DISTINCT ON (source_key) source_key, source FROM leads ORDER BY source_key, id) s
       USING (source_key)
     LEFT JOIN (SELECT DISTINCT ON (person_key) person_key, phone FROM leads WHERE phone IS NOT NULL
                ORDER BY person_key, id DESC) p USING (person_key)
     LEFT JOIN lead_match m ON m.patient_key = f.person_key`,
  );
  // A person of their own is named as their first lead names them. A name only on the Ignore List
  // is a patient row already, which stays as it is.
  await tx.query(
    `INSERT INTO patients (patient_key, patient_name, phone, lead_only)
     SELECT DISTINCT ON (l.person_key) l.person_key, l.patient_name, lp.phone, true
     FROM leads l JOIN lead_people lp USING (person_key)
     WHERE NOT EXISTS (SELECT FROM lead_match m WHERE m.patient_key = l.person_key)
     ORDER BY l.person_key, l.id
     ON CONFLICT (patient_key) DO NOTHING`,
  );
  await tx.query('DROP TABLE lead_match, lead_match_phone');
}
