/** The daily digest (docs/behaviour.md section 17): how many follow-ups are due today, with no patient named. */
import { dataThroughWords } from '../../common/data-through';
import type { DashboardData } from '../dashboard';
import type { ProviderFilter } from '../domain/figures';
import type { ActivitiesByPatient } from '../domain/worklist';
import { worklist } from '../domain/worklist';
import type { ReportMail } from './mailer';

export interface DigestCounts {
  total: number;
  mine: number;
  unassigned: number;
}

/**
 * Section 15's worklist as of `day`, scheduled and snoozed patients left out, for `provider` (null
 * for every provider, a provider's own for a provider): how many are due, how many are assigned to `username`, how many to nobody.
 */
export function digestCounts(
  data: DashboardData,
  activities: ActivitiesByPatient,
  provider: ProviderFilter,
  username: string,
  day: string,
): DigestCounts {
  const { patients } = worklist(
    data.sheet,
    data.appts,
    data.thresholds,
    {
      stage: null,
      provider,
      asOf: day,
      includeScheduled: false,
      includeSnoozed: false,
    },
    activities,
    data.phones,
    data,
  );
  const name = username.toLowerCase();
  return {
    total: patients.length,
    mine: patients.filter((p) => p.assigned_to?.toLowerCase() === name).length,
    unassigned: patients.filter((p) => p.assigned_to === null).length,
  };
}

const followUps = (n: number) => `${n.toLocaleString('en-US')} follow-up${n === 1 ? '' : 's'}`;

/**
 * The digest's e-mail: counts and a link, never a patient; and how far the data goes (section
 * 6.6), as the follow-ups due are worked out from it.
 */
export function digestMail(
  to: string,
  counts: DigestCounts,
  appUrl: string,
  through: string | null,
  syncWarning: string | null = null,
): ReportMail {
  const subject = `${followUps(counts.total)} due today`;
  const lines = [
    `${subject}.`,
    `${dataThroughWords(through)}.`,
    // A failed or overdue sync (docs/behaviour.md section 18): the count may be behind Open Dental.
    ...(syncWarning ? [`${syncWarning}.`] : []),
    '',
    `Assigned to you: ${counts.mine.toLocaleString('en-US')}`,
    `Assigned to nobody: ${counts.unassigned.toLocaleString('en-US')}`,
    '',
    `Open the Follow-ups tab: ${appUrl}/follow-ups`,
    '',
    'You get this e-mail because the daily digest is on in your account menu (E-mail reports).',
  ];
  return { to, subject, text: lines.join('\n') };
}
