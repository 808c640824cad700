/** How the tab words stages, waits and appointments (docs/screens.md, Follow-ups tab). */
import { OUTCOME_NAMES } from '../../../common/api/activities';
import { STAGE_NAMES, type Stage, type Thresholds, type WorklistPatient } from '../../../common/api/worklist';
import { formatDate } from '../../../common/format';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the stage cards' group says to assistive technology, and on hover: the cards are counts
 * and toggles at once.
 */
export const STAGES_HINT =
  'Each count is the patients due in that stage. Select a stage to list only its patients; select it again to list every stage.';

/** A stage's threshold: `Waiting 180+ days`. */
export const thresholdWords = (days: number) => `Waiting ${days}+ ${days === 1 ? 'day' : 'days'}`;

/**
 * The line a stage card adds under its threshold where its name alone does not say what the list
 * is for: Lost, win back holds consults marked Lost, which close after a year (docs/behaviour.md
 * section 12).
 */
export const STAGE_HINTS: Partial<Record<Stage, string>> = {
  undecided: 'Lost consults from the past year, still worth a call.',
  new_lead: 'Inquiries from the past 90 days with no consult yet: call them before another practice does.',
};

/** `1 patient`, `12 patients`. */
export const patientCount = (n: number) => plural(n, 'patient', 'patients');

/** `200 days`: the wait, as the phone's cards say it before `since {date}`. */
export const dayCount = (n: number) => plural(n, 'day', 'days');

/** A date, `TBD` for an undated appointment, `-` when nothing is booked. */
export const nextAppointment = (value: string | null) =>
  value === null ? '-' : value === 'TBD' ? 'TBD' : formatDate(value);

export const locationText = (value: string | null) => value ?? 'N/A';

/** Who treats the patient and where: a new lead has no provider yet, so its office alone. */
export const providerAndLocation = (p: Pick<WorklistPatient, 'provider' | 'location'>) =>
  p.provider === null ? locationText(p.location) : `${p.provider} · ${locationText(p.location)}`;

/** What a screen reader says for a stage card: `Awaiting Final: 12 patients, waiting 180+ days`. */
export function cardName(
  stage: Stage,
  count: number | undefined,
  failed: boolean,
  thresholds: Thresholds | undefined,
): string {
  const counted = count !== undefined ? patientCount(count) : failed ? 'count unknown' : 'count loading';
  const waiting = thresholds ? `, ${thresholdWords(thresholds[stage]).toLowerCase()}` : '';
  return `${STAGE_NAMES[stage]}: ${counted}${waiting}`;
}

/** `02/03/26`: a date in the list's narrow columns, which show the whole date on hover. */
export function shortDate(value: string): string {
  const whole = formatDate(value);
  return /^\d{2}\/\d{2}\/\d{4}$/.test(whole) ? `${whole.slice(0, 6)}${whole.slice(8)}` : whole;
}

/**
 * The last contact in a narrow column: `02/03/26 No answer`, when and how it went; the kind (a
 * call, a text) is in the whole of it, on hover (lastContactText).
 */
export function lastContactShort(contact: WorklistPatient['last_contact']): string {
  if (!contact) return '-';
  return `${shortDate(contact.date)} ${OUTCOME_NAMES[contact.outcome]}`;
}

/** The row's line when the last financing recorded is approved: the next step is the surgery. */
export const FINANCING_APPROVED = 'Financing approved: book surgery';

export const financingApproved = (p: WorklistPatient) => p.financing?.financing_status === 'approved';
