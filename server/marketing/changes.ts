import type { SourceSpend } from '../../common/api/marketing';
import { sourceKey } from '../domain/leads';
import { toCents } from '../domain/round';

/** The year's total in cents, so before and after compare exactly. */
const totalCents = (spend: SourceSpend[]) =>
  spend.reduce((sum, s) => sum + s.months.reduce((m, amount) => m + toCents(amount), 0), 0);

/**
 * What a save of a year's spend did: the year's total before and after, and which sources it added,
 * changed (an amount, or the spelling) and removed, by source compared without regard to case.
 */
export function spendChanges(before: SourceSpend[], after: SourceSpend[]) {
  const old = new Map(before.map((s) => [sourceKey(s.source), s]));
  const now = new Set(after.map((s) => sourceKey(s.source)));
  return {
    total: { before: totalCents(before) / 100, after: totalCents(after) / 100 },
    added: after.filter((s) => !old.has(sourceKey(s.source))).map((s) => s.source),
    changed: after
      .filter((s) => {
        const was = old.get(sourceKey(s.source));
        return was !== undefined && (was.source !== s.source || was.months.some((v, i) => v !== s.months[i]));
      })
      .map((s) => s.source),
    removed: before.filter((s) => !now.has(sourceKey(s.source))).map((s) => s.source),
  };
}
