import { createHmac } from 'node:crypto';
import type { Tx } from '../db/client';

/**
 * Patients' ids for addresses (common/patient-id.ts): a keyed hash of the patient key, so the same
 * patient has the same id in every process and after every import, and no one without the key can
 * tell a name from its id (a plain hash of a name could be looked up in a list of names).
 */
export function createPatientRefs(secret: string) {
  const idOf = (key: string) => `p${createHmac('sha256', secret).update(key).digest('hex').slice(0, 20)}`;
  // Every patient in a file, by id, for one data version at a time: an id is read back by hashing
  // each key once per import rather than per request.
  let inFiles: { version: string; ids: Promise<Map<string, string>> } | null = null;

  const byId = async (keys: Promise<{ patient_key: string }[]>) =>
    new Map((await keys).map((r) => [idOf(r.patient_key), r.patient_key]));

  return {
    idOf,
    /**
     * The patient key an id stands for, among the patients in any file or with case work; null
     * when none. Who may see that patient is for the caller to decide, as with a name.
     */
    async keyOf(db: Tx, id: string, dataVersion: string): Promise<string | null> {
      if (inFiles?.version !== dataVersion) {
        const ids = byId(db.query<{ patient_key: string }>('SELECT patient_key FROM patients'));
        inFiles = { version: dataVersion, ids };
        ids.catch(() => {
          if (inFiles?.ids === ids) inFiles = null;
        });
      }
      const found = (await inFiles.ids).get(id);
      if (found !== undefined) return found;
      // Patients no longer in any file but with case work: few, and they change with every write.
      const known = await byId(
        db.query<{ patient_key: string }>(
          `SELECT DISTINCT a.patient_key FROM patient_activities a
           WHERE NOT EXISTS (SELECT 1 FROM patients p WHERE p.patient_key = a.patient_key)`,
        ),
      );
      return known.get(id) ?? null;
    },
  };
}
export type PatientRefs = ReturnType<typeof createPatientRefs>;
