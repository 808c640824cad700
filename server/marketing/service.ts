import { eq } from 'drizzle-orm';
import type { SourceSpend, SpendResponse } from '../../common/api/marketing';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { marketingSpend } from '../db/schema';
import { bumpDataVersion, MARKETING_SPEND_LOCK } from '../db/versions';
import { compareText } from '../domain/figures';
import { sourceKey } from '../domain/leads';
import { spendChanges } from './changes';

/** Sources in the API's order: case-insensitively. */
const sorted = (spend: SourceSpend[]) => [...spend].sort((a, b) => compareText(a.source, b.source));

async function readYear(db: Tx, year: number): Promise<SourceSpend[]> {
  const rows = await db.orm
    .select({ source: marketingSpend.source, months: marketingSpend.months })
    .from(marketingSpend)
    .where(eq(marketingSpend.year, year));
  return sorted(rows);
}

/** The year's spend per source, each spelled as last saved (docs/behaviour.md section 19). */
export async function listSpend(db: Tx, year: number): Promise<SpendResponse> {
  return { success: true, year, spend: await readYear(db, year) };
}

/**
 * Replaces every amount of the year with `next` (none removes them), audited with what changed. The
 * data version moves on, so the return by source follows at once in every process.
 */
export async function saveSpend(
  db: Db,
  actor: Actor,
  year: number,
  next: SourceSpend[],
): Promise<SpendResponse> {
  return db.transaction(async (tx) => {
    // Two saves of one group's spend run one after the other, so the later replaces the earlier whole.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MARKETING_SPEND_LOCK]);
    const before = await readYear(tx, year);
    await tx.orm.delete(marketingSpend).where(eq(marketingSpend.year, year));
    if (next.length)
      await tx.orm
        .insert(marketingSpend)
        .values(
          next.map((s) => ({ year, sourceKey: sourceKey(s.source), source: s.source, months: s.months })),
        );
    await bumpDataVersion(tx);
    await recordAudit(tx, actor, 'marketing_spend_changed', {
      year,
      sources: next.length,
      ...spendChanges(before, next),
    });
    return { success: true as const, year, spend: sorted(next) };
  });
}
