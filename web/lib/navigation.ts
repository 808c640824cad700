/**
 * How one tab sends the user to another without importing it (features never import each other,
 * docs/architecture.md section 1): the shell provides this context, a feature asks through it.
 */
import { createContext, useContext } from 'react';
import type { Stage } from '../../common/api/stages';

/** Which list of Follow-ups shows a patient's row: their stage, with the switches that let it in. */
export interface CaseView {
  stage: Stage;
  /** Patients with an appointment booked are listed too. */
  scheduled: boolean;
  /** Patients whose next follow-up is still to come are listed too. */
  snoozed: boolean;
}

/**
 * A case's parameters in the Follow-ups address: its stage's list, the switches that let its row
 * in, and the case. Here, below the tabs, so the shell builds the address without importing the
 * Follow-ups tab; that tab reads them back with the same names (follow-ups/filters.ts).
 */
export function caseParams(patientId: string, { stage, scheduled, snoozed }: CaseView) {
  return { stage, scheduled: scheduled ? '1' : null, snoozed: snoozed ? '1' : null, case: patientId };
}

export interface Navigation {
  /**
   * Opens Patient Lookup on the patient, as a new step in the history (Back returns here). The
   * address names the patient by id (web/lib/patient-ref.ts): given, or asked of the server.
   */
  openPatient: (name: string, id?: string) => void;
  /** The address of the patient's case (by id) open on Follow-ups, beside the list that holds their row. */
  caseHref: (patientId: string, view: CaseView) => string;
  /** The address of another tab, where the user left it this session (Goals sends to Configuration). */
  tabHref: (tab: OtherTab) => string;
}

/** The tabs a feature may send the user to by address. */
export type OtherTab = 'configuration';

export const NavigationContext = createContext<Navigation | null>(null);

/** `openPatient(name, id?)`: only inside the app shell, which knows the tabs. */
export function useOpenPatient(): Navigation['openPatient'] {
  return useNavigation('useOpenPatient').openPatient;
}

/** `caseHref(patientId, view)`: only inside the app shell, which knows the tabs. */
export function useCaseHref(): Navigation['caseHref'] {
  return useNavigation('useCaseHref').caseHref;
}

/** `tabHref(tab)`: only inside the app shell, which knows the tabs. */
export function useTabHref(): Navigation['tabHref'] {
  return useNavigation('useTabHref').tabHref;
}

function useNavigation(hook: string): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error(`${hook} needs the NavigationContext of the app shell`);
  return navigation;
}
