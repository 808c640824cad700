/**
 * A few weeks of case work for the sample data, so that a first run shows a worklist that is being
 * worked: two coordinators' calls with their outcomes, notes, a snoozed case, a case assigned to
 * whoever loaded the samples, a financing application and two closed cases. Dated back from today
 * (never before the case's stage began), so it reads as recent whenever the samples are loaded.
 */
import { DEFAULT_THRESHOLDS } from '../../common/api/worklist';
import { insertActivity, type NewActivity } from '../activities/store';
import type { Actor } from '../caller/actor';
import type { Tx } from '../db/client';
import type { Row } from '../db/rows';
import type { scoresheet } from '../db/schema';
import { bumpActivityVersion } from '../db/versions';
import { addDays } from '../domain/dates';
import { compareText } from '../domain/figures/common';
import { flagsFromScore } from '../domain/flags';
import { stageOn } from '../domain/worklist';

/** The two treatment coordinators the sample activities are written by (no accounts of their own). */
export const SAMPLE_COORDINATORS = ['maria.lopez', 'james.ortiz'] as const;

type Case = Pick<
  Row<typeof scoresheet>,
  | 'patient_key'
  | 'patient_name'
  | 'score'
  | 'win_loss'
  | 'date_of_temp_placement'
  | 'accepted_date'
  | 'pending_finance_date'
  | 'presented_date'
>;

const EMPTY: Omit<NewActivity, 'patient_key' | 'patient_name' | 'date' | 'kind' | 'username'> = {
  outcome: null,
  note: null,
  next_follow_up: null,
  cleared_follow_up: false,
  assigned_to_id: null,
  assigned_to: null,
  lender: null,
  financing_status: null,
  amount: null,
  reason: null,
  user_id: null,
};

/** The due cases as of today, longest waiting first: those a coordinator calls first. */
async function dueCases(tx: Tx, today: string) {
  const rows = await tx.query<Case>(
    `SELECT patient_key, patient_name, score, win_loss, date_of_temp_placement, accepted_date,
       pending_finance_date, presented_date FROM scoresheet`,
  );
  return rows
    .map((row) => ({ row, stage: stageOn({ ...row, treatment_flags: flagsFromScore(row.score) }, today) }))
    .filter((c) => c.stage !== null && c.stage.days >= DEFAULT_THRESHOLDS[c.stage.stage])
    .map((c) => ({ ...c.row, stage: c.stage!.stage, since: c.stage!.since, days: c.stage!.days }))
    .sort((a, b) => b.days - a.days || compareText(a.patient_name, b.patient_name));
}

/** Adds the sample case work; returns how many activities were written. */
export async function addSampleActivities(tx: Tx, actor: Actor, today: string): Promise<number> {
  const cases = await dueCases(tx, today);
  const written: NewActivity[] = [];
  const log = (
    c: (typeof cases)[number],
    daysAgo: number,
    by: number,
    activity: Partial<NewActivity> & Pick<NewActivity, 'kind'>,
  ) => {
    // Never before the stage began, or it would not count for the case as it stands.
    const day = addDays(today, -daysAgo);
    written.push({
      ...EMPTY,
      patient_key: c.patient_key,
      patient_name: c.patient_name,
      date: day < c.since ? c.since : day,
      username: SAMPLE_COORDINATORS[by % 2],
      ...activity,
    });
  };
  const pending = cases.filter((c) => c.stage === 'pending_finance');
  const others = cases.filter((c) => c.stage !== 'pending_finance');

  // Calls worked down the list over three weeks: most not reached at first, some reached later.
  others.slice(0, 12).forEach((c, i) => {
    log(c, 20 - i, i, { kind: 'call', outcome: 'no_answer' });
    if (i % 2 === 0) log(c, 14 - i / 2, i + 1, { kind: 'text', outcome: 'left_message' });
    if (i % 3 === 0)
      log(c, 6 - i / 3, i, { kind: 'call', outcome: 'reached', note: 'Wants to talk it over with family' });
  });
  const [snoozed, assigned, closedCost, closedElsewhere] = others.slice(12);
  if (snoozed) {
    log(snoozed, 3, 0, { kind: 'call', outcome: 'reached', next_follow_up: addDays(today, 7) });
    log(snoozed, 3, 0, { kind: 'note', note: 'Asked us to call back next week, after payday' });
  }
  if (assigned && actor.id !== null && actor.username !== null) {
    log(assigned, 9, 1, { kind: 'call', outcome: 'left_message' });
    log(assigned, 8, 1, { kind: 'assign', assigned_to_id: actor.id, assigned_to: actor.username });
  }
  if (closedCost) {
    log(closedCost, 16, 0, { kind: 'call', outcome: 'reached' });
    log(closedCost, 15, 0, { kind: 'close', reason: 'cost', note: 'Cannot afford treatment this year' });
  }
  if (closedElsewhere) {
    log(closedElsewhere, 12, 1, { kind: 'call', outcome: 'declined' });
    log(closedElsewhere, 12, 1, { kind: 'close', reason: 'chose_elsewhere' });
  }
  const [financed] = pending;
  if (financed) {
    log(financed, 10, 1, { kind: 'call', outcome: 'reached' });
    log(financed, 10, 1, {
      kind: 'financing',
      lender: 'CareCredit',
      financing_status: 'applied',
      amount: 14_995,
      next_follow_up: addDays(today, 2),
    });
  }
  for (const [i, c] of pending.slice(1, 4).entries())
    log(c, 5 + i, i, { kind: 'email', outcome: 'no_answer' });

  // Written in date order, as the coordinators would have logged them.
  written.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const activity of written) await insertActivity(tx, activity);
  if (written.length > 0) await bumpActivityVersion(tx);
  return written.length;
}
