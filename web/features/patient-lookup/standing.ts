/** How Patient Lookup says where a patient stands on the follow-up list (docs/screens.md, Patient Lookup). */
import type { WorklistStanding } from '../../../common/api/activities';
import { STAGE_NAMES } from '../../../common/api/stages';
import { formatDate } from '../../../common/format';
import type { CaseView } from '../../lib/navigation';

/** Whether the patient is on the list, or when and why not. */
export function standingHeadline(s: WorklistStanding): string {
  switch (s.listing) {
    case 'listed':
      return 'On the follow-up list';
    case 'snoozed':
      return `On the follow-up list, snoozed until ${formatDate(s.listed_on)}`;
    case 'booked':
      return 'Off the follow-up list while an appointment is booked';
    case 'waiting':
      return `Joins the follow-up list on ${formatDate(s.listed_on)}`;
    case 'closed':
      return 'Off the follow-up list: the case is closed';
  }
}

/** The stage and how long it has waited, as the list's phone cards say it: `Lost, win back: 34 days waiting, since 10/22/2026`. */
export function standingDetail(s: WorklistStanding): string {
  const days = `${s.days_waiting} ${s.days_waiting === 1 ? 'day' : 'days'}`;
  return `${STAGE_NAMES[s.stage]}: ${days} waiting, since ${formatDate(s.since)}`;
}

/**
 * The Follow-ups list that shows the patient's row, with the switch that lets it in; null when no
 * list does (a case under its threshold, or closed).
 */
export function listShowing(s: WorklistStanding): CaseView | null {
  if (s.listing === 'waiting' || s.listing === 'closed') return null;
  return { stage: s.stage, scheduled: s.listing === 'booked', snoozed: s.listing === 'snoozed' };
}
