/** How the tab words stages, waits and appointments (docs/screens.md, Follow-ups tab). */
import { STAGE_NAMES, type Stage, type Thresholds } from '../../../common/api/worklist';
import { formatDate } from '../../../common/format';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A stage's threshold: `Waiting 180+ days`. */
export const thresholdWords = (days: number) => `Waiting ${days}+ ${days === 1 ? 'day' : 'days'}`;

/**
 * The line a stage card adds under its threshold where its name alone does not say what the list
 * is for: Lost, win back holds consults marked Lost, which close after a year (docs/behaviour.md
 * section 12).
 */
export const STAGE_HINTS: Partial<Record<Stage, string>> = {
  undecided: 'Lost consults from the past year, still worth a call.',
};

/** `1 patient`, `12 patients`. */
export const patientCount = (n: number) => plural(n, 'patient', 'patients');

/** `200 days waiting`, as the phone's cards say it. */
export const daysWaiting = (n: number) => `${plural(n, 'day', 'days')} waiting`;

/** A date, `TBD` for an undated appointment, `-` when nothing is booked. */
export const nextAppointment = (value: string | null) =>
  value === null ? '-' : value === 'TBD' ? 'TBD' : formatDate(value);

export const locationText = (value: string | null) => value ?? 'N/A';

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
