import type { ScoresheetRow } from '../../../common/api/config';

export type TreatmentFlags = ScoresheetRow['treatment_flags'];

type Flag = keyof TreatmentFlags;

/** The steps of a full-arch case in treatment order, each reached by any of its flags. */
const STEPS: readonly { label: string; flags: readonly Flag[] }[] = [
  { label: 'Consultation', flags: ['had_consult'] },
  { label: 'Case Presented', flags: ['presented_max', 'presented_mand'] },
  { label: 'Case Accepted', flags: ['accepted_max', 'accepted_mand'] },
  { label: 'Temporary Placement', flags: ['had_temp_upper', 'had_temp_lower'] },
  { label: 'Permanent Placement', flags: ['had_perm_upper', 'had_perm_lower'] },
  { label: 'Pending Finance', flags: ['pending_finance_mand', 'pending_finance_max'] },
];

export const NO_PROGRESS = 'No treatment progress';
export const NO_TREATMENT_DATA = 'No treatment data';
export const PROGRESS_ARROW = ' → ';

/** The labels of the steps the patient has reached, in treatment order. */
export function treatmentSteps(flags: TreatmentFlags): string[] {
  return STEPS.filter((step) => step.flags.some((flag) => flags[flag])).map((step) => step.label);
}

/** The progress line of the overview: the reached steps joined by arrows (docs/screens.md, Patient Lookup). */
export function treatmentProgress(flags: TreatmentFlags | null | undefined): string {
  if (!flags) return NO_TREATMENT_DATA;
  const steps = treatmentSteps(flags);
  return steps.length > 0 ? steps.join(PROGRESS_ARROW) : NO_PROGRESS;
}
