/** A case activity for the domain tests: a note on `date` unless `over` says otherwise. */
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
