/**
 * The state of a case read from its activities (docs/behaviour.md section 15). Activities are
 * never edited: what a case is now is always worked out again from what was done, so a deleted or
 * back-dated activity changes the state exactly as if it had been written so from the start.
 */
import {
  type ActivityKind,
  type CaseState,
  type CloseReason,
  CONTACT_KINDS,
  type ContactKind,
  type FinancingStatus,
  type Outcome,
} from '../../common/api/activities';

/** What the state is read from: one activity, with the writer left out (no rule depends on them). */
export interface CaseActivity {
  date: string;
  kind: ActivityKind;
  outcome: Outcome | null;
  next_follow_up: string | null;
  cleared_follow_up: boolean;
  assigned_to: string | null;
  lender: string | null;
  financing_status: FinancingStatus | null;
  amount: number | null;
  reason: CloseReason | null;
}

const CONTACTS: ReadonlySet<string> = new Set(CONTACT_KINDS);
export const isContact = (kind: ActivityKind): kind is ContactKind => CONTACTS.has(kind);

/**
 * The activities in the order the rules read them: by date, then in the order written. `written`
 * must be in write order; the sort is stable, so one day's activities keep it.
 */
export function inCaseOrder<A extends { date: string }>(written: readonly A[]): A[] {
  return [...written].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The days read. The stage's fields (follow-up, closed, contacts) come from `from` <= date <= `to`
 * (`from` null: from the first); the assignee and financing from every activity up to `to`,
 * whatever the stage, because they belong to the patient rather than to one stalled stage.
 */
export interface CaseWindow {
  from: string | null;
  to: string;
}

/** The case state from a patient's activities in case order (inCaseOrder). */
export function readCase(activities: readonly CaseActivity[], window: CaseWindow): CaseState {
  const state: CaseState = {
    assigned_to: null,
    next_follow_up: null,
    financing: null,
    closed: null,
    last_contact: null,
    attempts: 0,
  };
  for (const a of activities) {
    // In case order nothing later can be within the window.
    if (a.date > window.to) break;
    if (a.kind === 'assign') state.assigned_to = a.assigned_to;
    if (a.kind === 'financing' && a.lender !== null && a.financing_status !== null)
      state.financing = {
        date: a.date,
        lender: a.lender,
        financing_status: a.financing_status,
        amount: a.amount,
      };
    if (window.from !== null && a.date < window.from) continue;
    if (a.next_follow_up !== null || a.cleared_follow_up) state.next_follow_up = a.next_follow_up;
    if (a.kind === 'close' && a.reason !== null) state.closed = { date: a.date, reason: a.reason };
    if (a.kind === 'reopen') state.closed = null;
    if (isContact(a.kind) && a.outcome !== null) {
      state.attempts++;
      state.last_contact = { date: a.date, kind: a.kind, outcome: a.outcome };
    }
  }
  return state;
}
