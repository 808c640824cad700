import { useCallback, useMemo, useRef, useState } from 'react';
import type { Navigation, PatientRequest } from '../../lib/navigation';
import { PATIENT_LOOKUP_TAB } from './tabs';

/**
 * The shell's side of web/lib/navigation.ts: `openPatient` leaves a request for Patient Lookup and
 * opens that tab, which takes the request when it mounts (tabs are not kept mounted).
 */
export function useShellNavigation(openTab: (value: string) => void): Navigation {
  const [patientRequest, setPatientRequest] = useState<PatientRequest | null>(null);
  const lastId = useRef(0);
  // The shell's select changes every render; the context's functions should not.
  const openTabRef = useRef(openTab);
  openTabRef.current = openTab;

  const openPatient = useCallback((name: string) => {
    lastId.current += 1;
    setPatientRequest({ id: lastId.current, name });
    openTabRef.current(PATIENT_LOOKUP_TAB);
    // The name may have been far down a long list; the patient's record starts at the top.
    window.scrollTo(0, 0);
  }, []);
  const patientShown = useCallback(
    (id: number) => setPatientRequest((current) => (current?.id === id ? null : current)),
    [],
  );
  return useMemo(
    () => ({ openPatient, patientRequest, patientShown }),
    [openPatient, patientRequest, patientShown],
  );
}
