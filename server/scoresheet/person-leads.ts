import type { PersonLead } from '../../common/api/patients';
import type { Tx } from '../db/client';

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
