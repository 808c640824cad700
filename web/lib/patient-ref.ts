/**
 * Patients in addresses go by their id (common/patient-id.ts), never their name, so no name lands
 * in the browser's history or a proxy's log. A name is exchanged for the id with the server.
 */
import { useEffect, useState } from 'react';
import { activitiesApi } from '../../common/api/activities';
import { isPatientId } from '../../common/patient-id';
import { goTo, hrefWith, useAddress } from './address';
import { call } from './api';

/** The id of a patient named (404 when the caller may not open them). */
export async function patientIdOf(name: string): Promise<string> {
  return (await call(activitiesApi.ref, { body: { patient_name: name } })).patient_id;
}

export interface AddressPatient {
  /** The id the address names; null when it names none, or while an old link's name is exchanged. */
  id: string | null;
  /** An old link named a patient who cannot be found. */
  notFound: boolean;
}

/**
 * The patient the address's `param` names. An old link with a name still opens the patient once:
 * the name is exchanged for the id, which then takes its place in the address (no history step).
 */
export function useAddressPatient(param: 'case' | 'patient'): AddressPatient {
  const address = useAddress();
  const value = address.params.get(param) || null;
  const named = value !== null && !isPatientId(value) ? value : null;
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    if (named === null) return;
    let current = true;
    patientIdOf(named).then(
      (id) => {
        if (current) goTo(hrefWith(address, { [param]: id }), { replace: true });
      },
      () => {
        if (!current) return;
        setMissing(named);
        // The name leaves the address even when no patient has it.
        goTo(hrefWith(address, { [param]: null }), { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [named, address, param]);
  if (value !== null && missing !== null && value !== missing) setMissing(null);
  return { id: value !== null && named === null ? value : null, notFound: missing !== null };
}
