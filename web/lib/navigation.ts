/**
 * How one tab sends the user to another without importing it (features never import each other,
 * docs/architecture.md section 1): the shell provides this context, a feature asks through it.
 */
import { createContext, useContext } from 'react';

export interface Navigation {
  /** Opens Patient Lookup on the patient, as a new step in the history (Back returns here). */
  openPatient: (name: string) => void;
}

export const NavigationContext = createContext<Navigation | null>(null);

/** `openPatient(name)`: only inside the app shell, which knows the tabs. */
export function useOpenPatient(): (name: string) => void {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useOpenPatient needs the NavigationContext of the app shell');
  return navigation.openPatient;
}
