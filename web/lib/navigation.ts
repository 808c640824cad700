/**
 * How one tab sends the user to another without importing it (features never import each other,
 * docs/architecture.md section 1): the shell provides this context, a feature asks through it.
 */
import { createContext, useContext, useEffect, useEffectEvent, useRef } from 'react';

/** A patient some tab asked Patient Lookup to show; `id` tells two requests for one name apart. */
export interface PatientRequest {
  id: number;
  name: string;
}

export interface Navigation {
  /** Switches to the Patient Lookup tab and looks the patient up there. */
  openPatient: (name: string) => void;
  /** The latest request Patient Lookup has not shown yet. */
  patientRequest: PatientRequest | null;
  /** Patient Lookup has shown the request, so opening the tab again later starts empty. */
  patientShown: (id: number) => void;
}

export const NavigationContext = createContext<Navigation | null>(null);

/** `openPatient(name)`: only inside the app shell, which knows the tabs. */
export function useOpenPatient(): (name: string) => void {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useOpenPatient needs the NavigationContext of the app shell');
  return navigation.openPatient;
}

/**
 * For Patient Lookup: calls `show` once with each name another tab asks for, when the request is
 * made or when the tab mounts with one waiting. Without a shell (a tab on its own) nothing asks.
 */
export function usePatientRequests(show: (name: string) => void): void {
  const navigation = useContext(NavigationContext);
  const request = navigation?.patientRequest ?? null;
  const patientShown = navigation?.patientShown;
  const onRequest = useEffectEvent(show);
  // StrictMode runs an effect twice on mount; one request is still one lookup.
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!request || !patientShown || handled.current === request.id) return;
    handled.current = request.id;
    onRequest(request.name);
    patientShown(request.id);
  }, [request, patientShown]);
}
