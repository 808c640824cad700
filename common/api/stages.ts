/**
 * The stages of a stalled case (docs/behaviour.md section 12) and the one name each goes by on
 * every screen, in the export and in the audit log. Apart from the worklist's contract, so the case
 * answer (activities.ts) can name a stage without the two contracts importing each other.
 */

/** The stages, in the order a row is tested against them. */
export const STAGES = [
  'awaiting_final',
  'awaiting_surgery',
  'pending_finance',
  'undecided',
  'new_lead',
] as const;
export type Stage = (typeof STAGES)[number];

/**
 * What each stage is called. An `undecided` row is a consult marked Lost, so it is called Lost here
 * as in Patient Lookup and the Dashboard, with what the list is for: winning it back.
 */
export const STAGE_NAMES: Record<Stage, string> = {
  awaiting_final: 'Awaiting Final',
  awaiting_surgery: 'Awaiting Surgery',
  pending_finance: 'Pending Finance',
  undecided: 'Lost, win back',
  new_lead: 'New leads',
};
