/** The follow-up worklist of docs/behaviour.md section 12: stalled cases with nothing on the books. */
import type { Stage, Thresholds, WorklistPatient } from '../../common/api/worklist';
import { STAGES } from '../../common/api/worklist';
import { compareText, isLive, matchesProvider, type ProviderFilter } from './figures/common';
import type { Appt, Sheet } from './figures/types';

type SheetRow = Sheet[number];

/** Undecided cases close once they have waited longer than this. */
export const UNDECIDED_WINDOW_DAYS = 365;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;

/** Whole days from `since` to `asOf` (both YYYY-MM-DD), counted on the calendar, never by clock. */
export const daysBetween = (since: string, asOf: string): number => dayNumber(asOf) - dayNumber(since);

/** The first stage that applies to a row and the date it has waited since, or null. */
export function stageOf(row: SheetRow): { stage: Stage; since: string | null } | null {
  const f = row.treatment_flags;
  if ((f.had_temp_upper && !f.had_perm_upper) || (f.had_temp_lower && !f.had_perm_lower))
    return { stage: 'awaiting_final', since: row.date_of_temp_placement };
  const surgeryStarted = f.had_temp_upper || f.had_temp_lower || f.had_perm_upper || f.had_perm_lower;
  if (row.win_loss === 'Won' && !surgeryStarted)
    return { stage: 'awaiting_surgery', since: row.accepted_date };
  if (row.win_loss === 'PF') return { stage: 'pending_finance', since: row.pending_finance_date };
  if (row.win_loss === 'Lost') return { stage: 'undecided', since: row.presented_date };
  return null;
}

/**
 * Each patient's next appointment that counts (not cancelled): the earliest dated on or after
 * `asOf`, else `TBD` when one is undated. Patients with neither are absent.
 */
export function nextAppointments(appts: readonly Appt[], asOf: string): Map<string, string> {
  const next = new Map<string, string>();
  for (const a of appts) {
    if (!isLive(a)) continue;
    const current = next.get(a.patient_key);
    if (a.appt_date === null) {
      if (current === undefined) next.set(a.patient_key, 'TBD');
    } else if (a.appt_date >= asOf && (current === undefined || current === 'TBD' || a.appt_date < current)) {
      next.set(a.patient_key, a.appt_date);
    }
  }
  return next;
}

export interface WorklistFilters {
  stage: Stage | null;
  provider: ProviderFilter;
  asOf: string;
  includeScheduled: boolean;
}

export interface Worklist {
  counts: Record<Stage, number>;
  patients: WorklistPatient[];
}

/**
 * The due rows of the (already location-narrowed) data: counted per stage under every filter but
 * the stage, listed for the chosen stage, longest wait first, then by name without regard to case.
 */
export function worklist(
  sheet: Sheet,
  appts: readonly Appt[],
  thresholds: Thresholds,
  filters: WorklistFilters,
): Worklist {
  const next = nextAppointments(appts, filters.asOf);
  const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  const patients: WorklistPatient[] = [];
  for (const row of sheet) {
    if (!matchesProvider(filters.provider, row.provider)) continue;
    const found = stageOf(row);
    if (found === null || found.since === null || found.since > filters.asOf) continue;
    const days = daysBetween(found.since, filters.asOf);
    if (found.stage === 'undecided' && days > UNDECIDED_WINDOW_DAYS) continue;
    if (days < thresholds[found.stage]) continue;
    const nextAppointment = next.get(row.patient_key) ?? null;
    if (nextAppointment !== null && !filters.includeScheduled) continue;
    counts[found.stage]++;
    if (filters.stage !== null && filters.stage !== found.stage) continue;
    patients.push({
      patient_name: row.patient_name,
      provider: row.provider,
      location: row.location,
      stage: found.stage,
      since: found.since,
      days_waiting: days,
      procedure_status: row.procedure_status,
      case_value: row.case_value,
      next_appointment: nextAppointment,
    });
  }
  patients.sort((a, b) => b.days_waiting - a.days_waiting || compareText(a.patient_name, b.patient_name));
  return { counts, patients };
}
