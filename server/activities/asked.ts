import type { PatientAsked } from '../../common/api/patients';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { PatientRefs } from '../caller/patient-refs';
import { patientNotFound } from '../caller/provider-rule';
import type { Tx } from '../db/client';
import { heldDetail, type ProviderFilter } from '../domain/figures/common';
import { patientKey } from '../domain/names';
import { type Asker, findPatient } from './patient';

/**
 * The name to look a patient up by, for a call that asked by name or by id: the id's patient key
 * (a key finds its patient as the name does). An id of no patient is 404, audited as a lookup of
 * someone who is not there.
 */
export async function nameAsked(
  db: Tx,
  refs: PatientRefs,
  actor: Actor,
  asked: PatientAsked,
  dataVersion: string,
  heldTo: ProviderFilter,
): Promise<string> {
  if (asked.name !== undefined) return asked.name;
  const id = asked.id ?? '';
  const key = await refs.keyOf(db, id, dataVersion);
  if (key !== null) return key;
  await recordAudit(db, actor, 'patient_lookup_not_found', { id, ...heldDetail(heldTo) });
  throw patientNotFound();
}

/** A named patient's id for addresses, among the patients the caller may open (404 otherwise). */
export async function patientRef(
  db: Tx,
  refs: PatientRefs,
  asker: Asker,
  name: string,
): Promise<{ success: true; patient_id: string }> {
  const key = patientKey(name);
  if ((await findPatient(db, key, asker, true)) === null) throw patientNotFound();
  return { success: true, patient_id: refs.idOf(key) };
}
