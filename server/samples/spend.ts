/**
 * Marketing spend for the sample data (docs/behaviour.md section 19), so that a first run shows
 * the Marketing return with costs: a budget per source of samples/leads.csv for every year the
 * sample practice has consults, as a practice of its size spends (about $125,000 a year), so that
 * an arch costs a few thousand dollars, more through TV than through referrals.
 */
import type { SourceSpend } from '../../common/api/marketing';
import type { Actor } from '../caller/actor';
import type { Db } from '../db/client';
import { listSpend, saveSpend } from '../marketing';

/**
 * The first year's monthly budgets in dollars, January first: steady online ads, TV and radio
 * bought in flights around the new year and the autumn, a seminar every other month or so.
 */
// biome-ignore format: a table reads better as one.
const BUDGETS: readonly SourceSpend[] = [
  { source: 'Facebook Ads', months: [2600, 2400, 2500, 2500, 2300, 2200, 2200, 2300, 2500, 2600, 2700, 2400] },
  { source: 'Google Ads',   months: [2100, 2200, 2200, 2300, 2200, 2100, 2100, 2200, 2300, 2300, 2200, 2000] },
  { source: 'Radio',        months: [1500, 1500, 1200, 1200, 1000, 1000, 1000, 1000, 1200, 1200, 1500, 1500] },
  { source: 'Referral',     months: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  { source: 'Seminar',      months: [0, 900, 0, 900, 0, 900, 0, 0, 900, 0, 900, 0] },
  { source: 'TV',           months: [4000, 4000, 3500, 0, 0, 0, 0, 0, 3500, 4000, 4000, 2000] },
  { source: 'Website',      months: [1200, 1200, 1200, 1200, 1200, 1200, 1200, 1200, 1200, 1200, 1200, 1200] },
];
/** Budgets grow this much a year, rounded to ten dollars. */
const GROWTH = 0.05;

/** The spend of `year`, budgets grown from `firstYear`'s. */
export function sampleSpend(year: number, firstYear: number): SourceSpend[] {
  const factor = (1 + GROWTH) ** Math.max(0, year - firstYear);
  return BUDGETS.map(({ source, months }) => ({
    source,
    months: months.map((amount) => Math.round((amount * factor) / 10) * 10),
  }));
}

/**
 * Sets the sample spend of every year the practice has consults in, each year saved (and
 * audited) as a manager would save it, unless the year has spend already (entered before the
 * samples were loaded): that is kept.
 */
export async function addSampleSpend(db: Db, actor: Actor): Promise<void> {
  const rows = await db.query<{ year: number }>(
    `SELECT DISTINCT extract(year FROM consult_date)::int AS year FROM scoresheet
     WHERE consult_date IS NOT NULL ORDER BY year`,
  );
  const years = rows.map((r) => r.year);
  for (const year of years) {
    if ((await listSpend(db, year)).spend.length > 0) continue;
    await saveSpend(db, actor, year, sampleSpend(year, years[0]));
  }
}
