/** 13. The pipeline and the monthly trends (docs/behaviour.md section 13). */
import {
  PIPELINE_STEPS,
  type PipelineResponse,
  type PipelineStep,
  type TrendsResponse,
} from '../../../common/api/dashboard';
import { BIT } from '../flags';
import { roundRatio } from '../round';
import { archCasesByMonth } from './arch-cases';
import { ignoredKeys, matchesProvider, monthOf, providerFilter, yearMonths } from './common';
import { yearConsults } from './consults';
import { monthsToCome } from './periods';
import type { Ignore, Sheet } from './types';

type Row = Sheet[number];
export type Pipeline = Omit<PipelineResponse, 'success' | 'year'>;
export type Trends = Omit<TrendsResponse, 'success' | 'year' | 'consults_goal' | 'data_through'>;

const hasTempOrPerm = ({ treatment_flags: f }: Row) =>
  f.had_temp_upper || f.had_temp_lower || f.had_perm_upper || f.had_perm_lower;
const hasPerm = ({ treatment_flags: f }: Row) => f.had_perm_upper || f.had_perm_lower;

/** Which consults reach each step. */
const REACHES: Record<PipelineStep, (r: Row) => boolean> = {
  consulted: () => true,
  presented: (r) => (r.score & ~BIT.had_consult) !== 0,
  accepted: (r) => r.win_loss === 'Won',
  surgery: hasTempOrPerm,
  final: hasPerm,
};

const DAY_MS = 86_400_000;
const days = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** The earlier of two dates where present. */
const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);

/**
 * The median of whole-day differences, rounded to 1 decimal half away from zero (an even count
 * gives the mean of the two middle values: half a day at most); null with none.
 */
export function medianDays(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  // The sum of two whole numbers over 2 is exact: a half rounds away from zero like roundRatio.
  return sorted.length % 2 === 1 ? sorted[mid] : roundRatio(sorted[mid - 1] + sorted[mid], 2, 1);
}

/** The differences `to - from` of the rows that have both dates, negative ones left out. */
function gaps(rows: Row[], from: (r: Row) => string | null, to: (r: Row) => string | null): number[] {
  const out: number[] = [];
  for (const r of rows) {
    const a = from(r);
    const b = to(r);
    if (a === null || b === null) continue;
    const d = days(a, b);
    if (d >= 0) out.push(d);
  }
  return out;
}

function cohort(sheet: Sheet, ignore: Ignore, year: number, provider: string | null | undefined): Row[] {
  const filter = providerFilter(provider);
  return yearConsults(sheet, ignoredKeys(ignore, year), year).filter((r) =>
    matchesProvider(filter, r.provider),
  );
}

/** The consults of Y (6.1's, Ignore List applied) followed down the journey. */
export function pipeline(
  sheet: Sheet,
  ignore: Ignore,
  year: number,
  provider: string | null | undefined,
): Pipeline {
  const rows = cohort(sheet, ignore, year, provider);
  const steps = PIPELINE_STEPS.map((step) => {
    const count = rows.filter(REACHES[step]).length;
    return { step, count, rate: roundRatio(count * 100, rows.length, 1) };
  });
  return {
    steps,
    median_days: {
      consult_to_accept: medianDays(
        gaps(
          rows,
          (r) => r.consult_date,
          (r) => r.accepted_date,
        ),
      ),
      accept_to_surgery: medianDays(
        gaps(
          rows,
          (r) => r.accepted_date,
          (r) => earliest(r.date_of_temp_placement, r.perm_date),
        ),
      ),
      surgery_to_final: medianDays(
        gaps(
          rows,
          (r) => r.date_of_temp_placement,
          (r) => r.perm_date,
        ),
      ),
    },
  };
}

/** Per month of Y: its consults, how many are won, their win rate, and 6.2's arch case value. */
export function trends(
  sheet: Sheet,
  ignore: Ignore,
  year: number,
  provider: string | null | undefined,
  today: string,
): Trends {
  const months = yearMonths(year);
  const index = new Map(months.map((m, i) => [m, i]));
  const consults = months.map(() => 0);
  const won = months.map(() => 0);
  for (const r of cohort(sheet, ignore, year, provider)) {
    const i = r.consult_date === null ? undefined : index.get(monthOf(r.consult_date));
    if (i === undefined) continue;
    consults[i]++;
    if (r.win_loss === 'Won') won[i]++;
  }
  const grid = archCasesByMonth(sheet, ignore, year, provider);
  return {
    months,
    consults,
    won,
    win_rate: months.map((_, i) => roundRatio(won[i] * 100, consults[i], 1)),
    arch_value: months.map((m) => grid.month_totals[m] ?? 0),
    months_to_come: monthsToCome(year, today),
  };
}
