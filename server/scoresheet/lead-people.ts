import type { Tx } from '../db/client';
import { attributeLeads, type LeadInput } from '../domain/leads';

/** A lead as read for attribution: [id, patient_key, patient_name, lead_date, source, phone]. */
type LeadTuple = [number, string, string, string, string, string | null];

/**
 * Who each lead is (docs/behaviour.md section 19), stored once per change of the data rather than
 * worked out per request: each lead's `person_key`, each matched patient's first touch, and each
 * person known only from leads as a patient row of their own (`lead_only`), so that search, lookup
 * and case work find them as they find a patient. Runs after the patients table is rebuilt, in the
 * caller's transaction, against the procedures and appointments as they now are.
 */
export async function refreshLeadPeople(tx: Tx): Promise<void> {
  // As many rows as leads come back as one JSON value, as the scoresheet's procedures do.
  const [{ rows }] = await tx.query<{ rows: LeadTuple[] }>(
    `SELECT coalesce(json_agg(json_build_array(id, patient_key, patient_name, lead_date, source, phone)
       ORDER BY id), '[]') AS rows FROM leads`,
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
  // Only the leads whose person changed are written: most stay with theirs from one import to the next.
  await tx.query(
    `UPDATE leads l SET person_key = u.person FROM unnest($1::bigint[], $2::text[]) AS u(id, person)
     WHERE l.id = u.id AND l.person_key IS DISTINCT FROM u.person`,
    [rows.map((r) => r[0]), personOf],
  );
  const matched = [...people.values()].filter((p) => p.matched);
  const own = [...people.values()].filter((p) => !p.matched);
  await tx.query(
    `UPDATE patients p SET source = u.source, first_lead_date = u.first_lead_date, phone = u.phone
     FROM unnest($1::text[], $2::text[], $3::date[], $4::text[]) AS u(patient_key, source, first_lead_date, phone)
     WHERE p.patient_key = u.patient_key`,
    [
      matched.map((p) => p.key),
      matched.map((p) => p.source),
      matched.map((p) => p.first_lead_date),
      matched.map((p) => p.phone),
    ],
  );
  await tx.query(
    `INSERT INTO patients (patient_key, patient_name, phone, source, first_lead_date, lead_only)
     SELECT u.patient_key, u.patient_name, u.phone, u.source, u.first_lead_date, true
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[])
       AS u(patient_key, patient_name, phone, source, first_lead_date)
     ON CONFLICT (patient_key) DO UPDATE SET phone = coalesce(patients.phone, EXCLUDED.phone),
       source = EXCLUDED.source, first_lead_date = EXCLUDED.first_lead_date, lead_only = true`,
    [
      own.map((p) => p.key),
      own.map((p) => p.name),
      own.map((p) => p.phone),
      own.map((p) => p.source),
      own.map((p) => p.first_lead_date),
    ],
  );
}
