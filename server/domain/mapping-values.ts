/** The Mapping Values table of docs/behaviour.md section 5: the outcome of every flag combination. */

import type { WinLoss } from '../../common/api/config';
import { STANDARD_ARCH_VALUE } from './default-mappings';
import { flagsFromScore, MAX_SCORE, statusOfScore, type TreatmentFlags } from './flags';

export { WIN_LOSS, type WinLoss } from '../../common/api/config';

export type Outcome = { win_loss: WinLoss; no_of_arches: number; case_value: number };
export type MappingValueRow = { procedure_status: string } & Outcome;

/** The rule of section 5; won arches beat pending finance, which beats presented. */
export function outcomeOf(f: TreatmentFlags): Outcome {
  const result = (win_loss: WinLoss, upper: boolean, lower: boolean): Outcome => {
    const no_of_arches = Number(upper) + Number(lower);
    return { win_loss, no_of_arches, case_value: no_of_arches * STANDARD_ARCH_VALUE };
  };
  const upperWon = f.accepted_max || f.had_temp_upper || f.had_perm_upper;
  const lowerWon = f.accepted_mand || f.had_temp_lower || f.had_perm_lower;
  if (upperWon || lowerWon) return result('Won', upperWon, lowerWon);
  if (f.pending_finance_max || f.pending_finance_mand)
    return result('PF', f.pending_finance_max, f.pending_finance_mand);
  if (f.presented_max || f.presented_mand) return result('Lost', f.presented_max, f.presented_mand);
  return result('N/A', false, false);
}

/** One row per non-empty flag combination, by score 1..2047. */
export function buildMappingValues(): MappingValueRow[] {
  const rows: MappingValueRow[] = [];
  for (let score = 1; score <= MAX_SCORE; score++) {
    rows.push({ procedure_status: statusOfScore(score), ...outcomeOf(flagsFromScore(score)) });
  }
  return rows;
}
