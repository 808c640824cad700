import { FLAGS } from '../../../common/code-labels';
import type { TreatmentFlags } from './progress';

export interface ScoreStep {
  /** The code-mapping label that sets the flag, e.g. `Accepted Max`. */
  label: string;
  /** What the step adds to the score. */
  points: number;
}

/**
 * The steps behind a scoresheet score, in the order of the label table (docs/behaviour.md
 * section 3): each flag on the patient's record adds its own number once, so the score is
 * their sum and names exactly which steps were reached.
 */
export function scoreSteps(flags: TreatmentFlags): ScoreStep[] {
  return FLAGS.filter((flag) => flags[flag.key]).map((flag) => ({ label: flag.label, points: flag.bit }));
}

/** `1 + 2 + 8 = 11`, the sum written out; the score alone for a single step. */
export function scoreSum(steps: readonly ScoreStep[], score: number): string {
  return steps.length > 1 ? `${steps.map((step) => step.points).join(' + ')} = ${score}` : String(score);
}
