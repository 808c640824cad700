import { eq } from 'drizzle-orm';
import type { Goal, GoalsResponse } from '../../common/api/goals';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { goals } from '../db/schema';
import { bumpDataVersion, GOALS_LOCK } from '../db/versions';
import { matchesProvider, type ProviderFilter } from '../domain/figures';
import { sortGoals } from '../domain/figures/goals';
import { goalChanges } from './changes';

/** Goals of every year, as the dashboard's data keeps them. */
export type YearGoal = Goal & { year: number };

export const goalsOfYear = (all: YearGoal[], year: number): Goal[] => all.filter((g) => g.year === year);

/** Every year's goals, each year's in the API's order once `goalsOfYear` picks it out. */
export async function readAllGoals(db: Tx): Promise<YearGoal[]> {
  return sortGoals(await db.orm.select().from(goals));
}

async function readYear(db: Tx, year: number): Promise<Goal[]> {
  const rows = await db.orm
    .select({ provider: goals.provider, metric: goals.metric, months: goals.months })
    .from(goals)
    .where(eq(goals.year, year));
  return sortGoals(rows);
}

/** The year's goals; a provider held to their own (section 14) reads only theirs. */
export async function listGoals(db: Tx, year: number, heldTo: ProviderFilter): Promise<GoalsResponse> {
  const all = await readYear(db, year);
  return { success: true, year, goals: all.filter((g) => matchesProvider(heldTo, g.provider)) };
}

/**
 * Replaces every goal of the year with `next` (none removes them), audited with what changed. The
 * data version moves on, so the Goals panel and the trend chart's goal line follow at once in
 * every process.
 */
export async function saveGoals(db: Db, actor: Actor, year: number, next: Goal[]): Promise<GoalsResponse> {
  return db.transaction(async (tx) => {
    // Two saves of goals run one after the other, so the later replaces the earlier whole.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [GOALS_LOCK]);
    const before = await readYear(tx, year);
    await tx.orm.delete(goals).where(eq(goals.year, year));
    if (next.length) await tx.orm.insert(goals).values(next.map((g) => ({ ...g, year })));
    await bumpDataVersion(tx);
    await recordAudit(tx, actor, 'goals_changed', { year, goals: next.length, ...goalChanges(before, next) });
    return { success: true as const, year, goals: sortGoals(next) };
  });
}
