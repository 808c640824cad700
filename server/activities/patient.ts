import type { Role } from '../../common/roles';
import { isCaseTeam } from '../../common/roles';
import { OWN_PATIENT } from '../caller/provider-rule';
import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { patients } from '../db/schema';
import type { ProviderFilter } from '../domain/figures/common';

/** Who is asking, as the patient rules of docs/behaviour.md sections 14 and 15 see them. */
export interface Asker {
  role: Role;
  heldTo: ProviderFilter;
}

/**
 * The patient's display name, by key: among every patient in any file, only a held provider's own
 * for a provider held to their own. With `orByActivities`, a coordinator, manager or admin also finds a patient
 * no longer in any file whose case has activities, under the name last written with them. Null
 * when not found.
 */
export async function findPatient(
  db: Tx,
  key: string,
  asker: Asker,
  orByActivities = false,
): Promise<string | null> {
  const [inFiles] = await db.query<Pick<Row<typeof patients>, 'patient_name'>>(
    asker.heldTo === null
      ? 'SELECT patient_name FROM patients WHERE patient_key = $1'
      : `SELECT patient_name FROM patients WHERE patient_key = $1 AND ${OWN_PATIENT('$1', '$2')}`,
    asker.heldTo === null ? [key] : [key, asker.heldTo],
  );
  if (inFiles) return inFiles.patient_name;
  if (!orByActivities || !isCaseTeam(asker.role)) return null;
  const [last] = await db.query<Pick<Row<typeof patients>, 'patient_name'>>(
    'SELECT patient_name FROM patient_activities WHERE patient_key = $1 ORDER BY id DESC LIMIT 1',
    [key],
  );
  return last?.patient_name ?? null;
}
