/** A case activity for the domain tests: a note on `date` unless `over` says otherwise. */
import type { Thresholds } from '../../common/api/worklist';
import type { CaseActivity } from './case-state';

export const caseActivity = (date: string, over: Partial<CaseActivity>): CaseActivity => ({
  date,
  kind: 'note',
  outcome: null,
  next_follow_up: null,
  cleared_follow_up: false,
  assigned_to: null,
  lender: null,
  financing_status: null,
  amount: null,
  reason: null,
  ...over,
});

/** The thresholds and the day the case-work worklist tests read the list on. */
export const CASE_THRESHOLDS: Thresholds = {
  awaiting_final: 180,
  awaiting_surgery: 30,
  pending_finance: 14,
  undecided: 14,
  new_lead: 0,
};
export const CASE_AS_OF = '2026-06-30';
