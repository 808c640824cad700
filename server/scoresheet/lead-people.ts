import type { Tx } from '../db/client';
import { attributeLeads, type LeadInput } from '../domain/leads';

/** A lead as read for attribution: [id, patient_key, patient_name, lead_date, source, phone, person_key]. */
type LeadTuple = [number, string, string, string, string, string | null, string | null];

/**
 * Who each lead is (docs/behaviour.md section 19), stored once per change of the data rather than
 * worked out per request: each lead's `person_key`, each person's first touch and phone
 * (`lead_people`), and each person known only from leads as a patient row of their own
 * (`lead_only`), so that search, lookup and case work find them as they find a patient. Runs in the
 * caller's transaction after the patients table is rebuilt, or alone after a Leads file, which
 * leaves the patients of the reports as they are: only what the leads made is replaced.
 *
 * Why a table of its own: writing a source into every matched patient's row rewrote some 150,000
 * rows of `patients` at the largest practices (a second on PostgreSQL), where writing `lead_people`
 * whole by COPY takes a fraction of it (docs/performance.md, leads).
 */
export async function refreshLeadPeople(tx: Tx): Promise<void> {
  await tx.query('DELETE FROM lead_people');
  await tx.query('DELETE FROM patients WHERE lead_only');
  // As many rows as leads come back as one JSON value, as the scoresheet's procedures do.
  const [{ rows }] = await tx.query<{ rows: LeadTuple[] }>(
    `SELECT coalesce(json_agg(json_build_array(id, patient_key, patient_name, lead_date, source, phone,
       person_key) ORDER BY id), '[]') AS rows FROM leads`,
  );
  if (rows.length === 0) return;
  const leads: LeadInput[] = rows.map(([, patient_key, patient_name, lead_date, source, phone]) => ({
    patient_key,
    patient_name,
    lead_date,
    source,
    phone,
  }));
  // The patients leads match are those of the two reports; a name only on the Ignore List is none.
  const patients = await tx.query<{ patient_key: string; phone: string | null }>(
    `SELECT patient_key, phone FROM patients p
     WHERE EXISTS (SELECT FROM procedures r WHERE r.patient_key = p.patient_key)
        OR EXISTS (SELECT FROM future_appointments a WHERE a.patient_key = p.patient_key)`,
  );
  const { personOf, people } = attributeLeads(leads, patients);
  // Only the leads whose person changed are written: most keep theirs from one import to the next.
  const moved = rows.flatMap((row, i) => (row[6] === personOf[i] ? [] : [i]));
  if (moved.length > 0)
    await tx.query(
      `UPDATE leads l SET person_key = u.person FROM unnest($1::bigint[], $2::text[]) AS u(id, person)
       WHERE l.id = u.id`,
      [moved.map((i) => rows[i][0]), moved.map((i) => personOf[i])],
    );
  const everyone = [...people.values()];
  await tx.copyRows(
    'lead_people',
    ['person_key', 'source', 'first_lead_date', 'phone'],
    everyone.map((p) => [p.key, p.source, p.first_lead_date, p.phone]),
  );
  const own = everyone.filter((p) => !p.matched);
  // A name only on the Ignore List is a patient row already, which stays as it is.
  await tx.query(
    `INSERT INTO patients (patient_key, patient_name, phone, lead_only)
     SELECT u.patient_key, u.patient_name, u.phone, true
     FROM unnest($1::text[], $2::text[], $3::text[]) AS u(patient_key, patient_name, phone)
     ON CONFLICT (patient_key) DO NOTHING`,
    [own.map((p) => p.key), own.map((p) => p.name), own.map((p) => p.phone)],
  );
}
