import type { PersonLead } from '../../common/api/patients';
import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { patients } from '../db/schema';

/** A person as lookup and the case panel show them. */
export type Person = Pick<Row<typeof patients>, 'patient_name' | 'phone'> & { source: string | null };

/**
 * A person's name, phone and first touch, from `n` (patients) with the leads' phone where the
 * files gave none (docs/behaviour.md section 19); a WHERE on `n.patient_key` follows.
 */
export const PERSON_SQL = `SELECT n.patient_name, coalesce(n.phone, l.phone) AS phone, l.source
  FROM patients n LEFT JOIN lead_people l ON l.person_key = n.patient_key`;

/**
 * A person's leads (docs/behaviour.md section 19) by the person's key: each with its source as
 * first spelled among every lead and its own office; newest first, one day's leads the last read
 * first. Read by Patient Lookup and by the case panel alike.
 */
export async function personLeads(db: Tx, key: string): Promise<PersonLead[]> {
  return db.query<PersonLead>(
    `SELECT to_char(l.lead_date, 'YYYY-MM-DD') AS lead_date, first.source, l.location FROM leads l
     CROSS JOIN LATERAL (SELECT f.source FROM leads f WHERE f.source_key = l.source_key ORDER BY f.id LIMIT 1) first
     WHERE l.person_key = $1 ORDER BY l.lead_date DESC, l.id DESC`,
    [key],
  );
}
