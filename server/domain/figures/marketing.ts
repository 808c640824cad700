/** 19. The return by source: what each marketing source cost and brought (docs/behaviour.md section 19). */
import { type MarketingFigures, type MarketingResponse, NO_LEAD } from '../../../common/api/marketing';
import { daysBetween } from '../dates';
import { sourceKey } from '../leads';
import { normalizeLocation } from '../names';
import { roundRatio, toCents } from '../round';
import { yearArchCases } from './arch-cases';
import { compareText, ignoredKeys, inYear, monthOf } from './common';
import { yearConsults } from './consults';
import { goalsThrough } from './goals';
import { isAt, type LocationFilter } from './locations';
import { medianDays } from './pipeline';
import type { Ignore, Sheet } from './types';

export type MarketingReturn = Omit<MarketingResponse, 'success'>;

/** A lead as the figures read it: its person, its day, its source as first spelled, its own office. */
export interface MarketingLead {
  person_key: string;
  lead_date: string;
  source: string;
  location: string | null;
}

/** What the return is computed from: the whole group's data, never narrowed to a location first. */
export interface MarketingInput {
  sheet: Sheet;
  ignore: Ignore;
  /** Every lead, in section 1's order. */
  leads: readonly MarketingLead[];
  /** Each person's first touch by person key (a patient's key when the leads matched one). */
  firstTouch: ReadonlyMap<string, { source: string; first_lead_date: string }>;
  /** Every year's spend, each source spelled as last saved; twelve amounts, January first. */
  spend: readonly { year: number; source: string; months: number[] }[];
}

export interface MarketingAsked {
  year: number;
  /** The day the figures are as of (`YYYY-MM-DD`): it decides the months counted. */
  asOf: string;
  location: LocationFilter;
}

/** One row's sums while counting: money in cents, so every figure is exact. */
interface Tally {
  spendCents: number | null;
  leads: number;
  consults: number;
  won: number;
  arches: number;
  archCents: number;
  /** consult_date - first_lead_date of each consult counted for a source. */
  days: number[];
}

/** spend / divisor to the cent, half away from zero; null when either is missing or the divisor is 0. */
const costPer = (spendCents: number | null, divisor: number) =>
  spendCents === null || divisor === 0 ? null : roundRatio(spendCents, divisor, 0) / 100;

function figures(t: Tally): MarketingFigures {
  return {
    spend: t.spendCents === null ? null : t.spendCents / 100,
    leads: t.leads,
    consults: t.consults,
    won: t.won,
    arches: t.arches,
    arch_value: t.archCents / 100,
    cost_per_lead: costPer(t.spendCents, t.leads),
    cost_per_consult: costPer(t.spendCents, t.consults),
    cost_per_arch: costPer(t.spendCents, t.arches),
    value_per_dollar:
      t.spendCents === null || t.spendCents === 0 ? null : roundRatio(t.archCents, t.spendCents, 2),
    median_days_to_consult: medianDays(t.days),
  };
}

/**
 * The return by source of `year` through `goalsThrough(year, asOf)` (section 16's `through`): each
 * source's spend, leads, consults (6.1's, Ignore List applied), won, arches and arch value (6.2's),
 * the costs and value per dollar, and the median days from first lead to consult; a consult or case
 * counts for its patient's first-touch source only when that lead came on or before it, else under
 * `No lead`. With a location, leads count at their own office (else their matched patient's),
 * consults and cases at their scoresheet row's, and spend, entered for the whole group, is left out.
 */
export function marketingReturn(
  input: MarketingInput,
  { year, asOf, location }: MarketingAsked,
): MarketingReturn {
  const through = goalsThrough(year, asOf);
  const inPeriod = (date: string | null): date is string =>
    through !== null && inYear(date, year) && monthOf(date) <= through;
  const spendIncluded = location === null;
  const counted = through === null ? 0 : Number(through.slice(5, 7));

  // A source is named as the leads first spelled it (their `source` already is), else as its spend.
  const names = new Map<string, string>();
  for (const lead of input.leads)
    if (!names.has(sourceKey(lead.source))) names.set(sourceKey(lead.source), lead.source);
  const tallies = new Map<string, Tally>();
  const tally = (key: string) => {
    let t = tallies.get(key);
    if (t === undefined) {
      t = {
        spendCents: spendIncluded ? 0 : null,
        leads: 0,
        consults: 0,
        won: 0,
        arches: 0,
        archCents: 0,
        days: [],
      };
      tallies.set(key, t);
    }
    return t;
  };

  if (spendIncluded) {
    for (const row of input.spend) {
      if (row.year !== year) continue;
      const cents = row.months.slice(0, counted).reduce((sum, amount) => sum + toCents(amount), 0);
      if (cents === 0) continue;
      const key = sourceKey(row.source);
      if (!names.has(key)) names.set(key, row.source);
      const t = tally(key);
      t.spendCents = (t.spendCents ?? 0) + cents;
    }
  }

  const sheetLocation = new Map(input.sheet.map((r) => [r.patient_key, r.location]));
  for (const lead of input.leads) {
    if (!inPeriod(lead.lead_date)) continue;
    const office = normalizeLocation(lead.location) ?? sheetLocation.get(lead.person_key) ?? null;
    if (isAt(location, office)) tally(sourceKey(lead.source)).leads++;
  }

  /** The row a consult or case of `patient` on `date` counts in, with the first touch when it counts for one. */
  const creditOf = (patient: string, date: string) => {
    const touch = input.firstTouch.get(patient);
    if (touch === undefined || touch.first_lead_date > date) return { key: null, touch: null };
    const key = sourceKey(touch.source);
    if (!names.has(key)) names.set(key, touch.source);
    return { key, touch };
  };
  const noLead: Tally = {
    spendCents: null,
    leads: 0,
    consults: 0,
    won: 0,
    arches: 0,
    archCents: 0,
    days: [],
  };
  let noLeadCounts = false;
  const rowOf = (key: string | null) => {
    if (key !== null) return tally(key);
    noLeadCounts = true;
    return noLead;
  };

  const ignored = ignoredKeys(input.ignore, year);
  for (const r of yearConsults(input.sheet, ignored, year)) {
    if (!inPeriod(r.consult_date) || !isAt(location, r.location)) continue;
    const { key, touch } = creditOf(r.patient_key, r.consult_date);
    const t = rowOf(key);
    t.consults++;
    if (r.win_loss === 'Won') t.won++;
    if (touch !== null) t.days.push(daysBetween(touch.first_lead_date, r.consult_date));
  }
  for (const r of yearArchCases(input.sheet, ignored, year)) {
    if (!inPeriod(r.case_date) || !isAt(location, r.location)) continue;
    const t = rowOf(creditOf(r.patient_key, r.case_date).key);
    t.arches += r.no_of_arches;
    t.archCents += toCents(r.case_value);
  }

  const keys = [...tallies.keys()].sort((a, b) => compareText(names.get(a) ?? a, names.get(b) ?? b));
  const rows = keys.map((key) => ({ source: names.get(key) ?? key, tally: tallies.get(key) as Tally }));
  if (noLeadCounts) rows.push({ source: NO_LEAD, tally: noLead });

  const total: Tally = {
    spendCents: spendIncluded ? 0 : null,
    leads: 0,
    consults: 0,
    won: 0,
    arches: 0,
    archCents: 0,
    days: [],
  };
  for (const { tally: t } of rows) {
    if (total.spendCents !== null && t.spendCents !== null) total.spendCents += t.spendCents;
    total.leads += t.leads;
    total.consults += t.consults;
    total.won += t.won;
    total.arches += t.arches;
    total.archCents += t.archCents;
    total.days.push(...t.days);
  }
  return {
    year,
    through,
    spend_included: spendIncluded,
    sources: rows.map(({ source, tally: t }) => ({ source, ...figures(t) })),
    totals: figures(total),
  };
}
