/**
 * Goals for the sample data (docs/behaviour.md section 16), so that a first run shows the Goals
 * panel in all three colours: set against what each provider has done this year, some a little
 * below it (met), some a little above (close), some well above (behind).
 */
import { GOAL_METRICS, type Goal } from '../../common/api/goals';
import type { Actor } from '../caller/actor';
import { loadDashboardData } from '../dashboard/data';
import type { Db } from '../db/client';
import { providerList, trends } from '../domain/figures';
import { goalsThrough, type MonthlyFigures } from '../domain/figures/goals';
import { readAllGoals, saveGoals } from '../goals/service';

/** What each goal to date is of the actual: below 1 is met (125%), then close (89%), then behind (62%). */
const FACTORS = [0.8, 1.12, 1.6];
/** Arch value goals are round amounts. */
const ARCH_STEP = 500;

/**
 * Twelve monthly amounts whose first `counted` add up to `total` exactly, as even as whole units
 * allow; the months to come each take the average.
 */
export function spread(total: number, counted: number): number[] {
  const base = Math.floor(total / counted);
  const extra = total - base * counted;
  return Array.from({ length: 12 }, (_, m) => (m < counted ? base + (m < extra ? 1 : 0) : base));
}

/**
 * Each provider's three goals: the metric's actual to date times a factor that turns with the
 * provider and the metric, so every provider and the totals mix the colours. A provider with no
 * arch value yet gets no arch value goal; a count of 0 is set against one to date.
 */
export function sampleGoals(
  providers: { provider: string; figures: MonthlyFigures }[],
  counted: number,
): Goal[] {
  const goals: Goal[] = [];
  providers.forEach(({ provider, figures }, i) => {
    GOAL_METRICS.forEach((metric, m) => {
      const actual = figures[metric].slice(0, counted).reduce((a, b) => a + b, 0);
      const factor = FACTORS[(i + m) % FACTORS.length];
      if (metric === 'arch_value') {
        if (actual === 0) return;
        const total = Math.max(ARCH_STEP, Math.round((actual * factor) / ARCH_STEP) * ARCH_STEP);
        goals.push({ provider, metric, months: spread(total, counted) });
        return;
      }
      const total = actual === 0 ? 1 : Math.max(1, Math.round(actual * factor));
      goals.push({ provider, metric, months: spread(total, counted) });
    });
  });
  return goals;
}

/**
 * Sets this year's sample goals for the providers with a consult this year, unless the year has
 * goals already (set before the samples were loaded): those are kept.
 */
export async function addSampleGoals(db: Db, actor: Actor, today: string): Promise<void> {
  const year = Number(today.slice(0, 4));
  const through = goalsThrough(year, today);
  if (through === null || (await readAllGoals(db)).some((g) => g.year === year)) return;
  const counted = Number(through.slice(5, 7));
  const data = await loadDashboardData(db);
  const providers = providerList(data.sheet, data.appts)
    .map((provider) => ({ provider, figures: trends(data.sheet, data.ignore, year, provider, today) }))
    .filter(({ figures }) => figures.consults.some((n) => n > 0));
  if (providers.length > 0) await saveGoals(db, actor, year, sampleGoals(providers, counted));
}
