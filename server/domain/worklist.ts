/** The follow-up worklist of docs/behaviour.md section 12: stalled cases with nothing on the books. */
import type { CaseState, WorklistStanding } from '../../common/api/activities';
import type { Stage, Thresholds, WorklistPatient, WorklistSort } from '../../common/api/worklist';
import { STAGES } from '../../common/api/worklist';
import { type CaseActivity, readCase } from './case-state';
import { addDays } from './dates';
import { compareText, isLive, matchesProvider, type ProviderFilter } from './figures/common';
import type { Appt, Sheet } from './figures/types';

type SheetRow = Sheet[number];
/** What a row's stage depends on. */
type Staged = Pick<
  SheetRow,
  | 'treatment_flags'
  | 'win_loss'
  | 'date_of_temp_placement'
  | 'accepted_date'
  | 'pending_finance_date'
  | 'presented_date'
>;

/** Lost cases (stage `undecided`) close once they have waited longer than this. */
export const UNDECIDED_WINDOW_DAYS = 365;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;

/** Whole days from `since` to `asOf` (both YYYY-MM-DD), counted on the calendar, never by clock. */
export const daysBetween = (since: string, asOf: string): number => dayNumber(asOf) - dayNumber(since);

/** The first stage that applies to a row and the date it has waited since, or null. */
export function stageOf(row: Staged): { stage: Stage; since: string | null } | null {
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

/**
 * A row's stage on `asOf` with its since and days waiting, or null when it is in none: no stage,
 * no since, a since after `asOf`, or an undecided case past its window (closed by age).
 */
export function stageOn(row: Staged, asOf: string): { stage: Stage; since: string; days: number } | null {
  const found = stageOf(row);
  if (found === null || found.since === null || found.since > asOf) return null;
  const days = daysBetween(found.since, asOf);
  if (found.stage === 'undecided' && days > UNDECIDED_WINDOW_DAYS) return null;
  return { stage: found.stage, since: found.since, days };
}

/** A row in a stage as the worklist reads it with its case work (section 15). */
interface ReadRow {
  found: { stage: Stage; since: string; days: number };
  /** Read from the stage's activities: since <= date <= as_of. */
  state: CaseState;
  /** Due by the next follow-up when one is set, else by the stage's threshold. */
  due: boolean;
  /** Its next follow-up is after as_of. */
  snoozed: boolean;
}

/** A row's stage and case on `asOf`, or null when it is in no stage; `activities` in case order. */
function readRow(
  row: Staged,
  activities: readonly CaseActivity[],
  thresholds: Thresholds,
  asOf: string,
): ReadRow | null {
  const found = stageOn(row, asOf);
  if (found === null) return null;
  const state = readCase(activities, { from: found.since, to: asOf });
  const followUp = state.next_follow_up;
  return {
    found,
    state,
    due: followUp === null ? found.days >= thresholds[found.stage] : followUp <= asOf,
    snoozed: followUp !== null && followUp > asOf,
  };
}

/**
 * Where one patient stands on the worklist of `asOf` as it first shows (no appointments, no
 * snoozed rows), by the same reading as `worklist`: null when their row is in no stage. `appts` and
 * `activities` (in case order) are the patient's own. A closed
 * case is `closed`, a later follow-up `snoozed`, a wait short of the threshold `waiting`; a due row
 * with an appointment that counts is `booked`, else `listed`.
 */
export function worklistStanding(
  row: Staged,
  appts: readonly Pick<Appt, 'appt_date' | 'scheduled_status' | 'cancelled'>[],
  thresholds: Thresholds,
  activities: readonly CaseActivity[],
  asOf: string,
): WorklistStanding | null {
  const read = readRow(row, activities, thresholds, asOf);
  if (read === null) return null;
  const { found, state } = read;
  const standing = { stage: found.stage, since: found.since, days_waiting: found.days };
  if (state.closed !== null) return { ...standing, listing: 'closed', listed_on: null };
  if (read.snoozed) return { ...standing, listing: 'snoozed', listed_on: state.next_follow_up };
  if (!read.due)
    return { ...standing, listing: 'waiting', listed_on: addDays(found.since, thresholds[found.stage]) };
  const booked = appts.some((a) => isLive(a) && (a.appt_date === null || a.appt_date >= asOf));
  return { ...standing, listing: booked ? 'booked' : 'listed', listed_on: null };
}

/** Whose cases: everyone's, nobody's, or one user's (their username in lower case). */
export type AssigneeFilter = { kind: 'everyone' } | { kind: 'unassigned' } | { kind: 'user'; name: string };

export interface WorklistFilters {
  stage: Stage | null;
  provider: ProviderFilter;
  asOf: string;
  includeScheduled: boolean;
  includeSnoozed?: boolean;
  assignedTo?: AssigneeFilter;
  sort?: WorklistSort;
}

/**
 * A listed patient as the rules compute them: the answer's row, with the patient key in place of
 * the id for addresses, which the server adds (patients/refs.ts) to what it sends.
 */
export type WorklistRow = Omit<WorklistPatient, 'patient_id'> & { patient_key: string };

export interface Worklist {
  counts: Record<Stage, number>;
  patients: WorklistRow[];
}

/** Each patient's activities in case order (inCaseOrder), by patient key; a patient with none is absent. */
export type ActivitiesByPatient = ReadonlyMap<string, readonly CaseActivity[]>;
/** Each patient's phone by key (docs/behaviour.md section 2); a patient with none is absent. */
export type PhonesByPatient = ReadonlyMap<string, string>;

const NONE: readonly CaseActivity[] = [];

function assigneeMatches(filter: AssigneeFilter | undefined, assigned: string | null): boolean {
  if (filter === undefined || filter.kind === 'everyone') return true;
  if (filter.kind === 'unassigned') return assigned === null;
  return assigned !== null && assigned.toLowerCase() === filter.name;
}

/** The case's last financing is approved: the surgery is there to book. */
const isApproved = (p: WorklistRow) => p.financing?.financing_status === 'approved';
const byName = (a: WorklistRow, b: WorklistRow) => compareText(a.patient_name, b.patient_name);
/** Null after every value. */
const nullsLast = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
const SORTS: Record<WorklistSort, (a: WorklistRow, b: WorklistRow) => number> = {
  waiting: (a, b) => b.days_waiting - a.days_waiting || byName(a, b),
  recent: (a, b) => a.days_waiting - b.days_waiting || byName(a, b),
  value: (a, b) => (b.case_value ?? -1) - (a.case_value ?? -1) || byName(a, b),
  follow_up: (a, b) => nullsLast(a.next_follow_up, b.next_follow_up) || byName(a, b),
  approved: (a, b) => Number(isApproved(b)) - Number(isApproved(a)) || SORTS.waiting(a, b),
};

/**
 * The due rows of the (already location-narrowed) data: counted per stage under every filter but
 * the stage, listed for the chosen stage in the chosen order (longest wait first unless asked
 * otherwise), then by name without regard to case. Case work (section 15) closes a row, or
 * decides when it is due by its next follow-up instead of the threshold.
 */
export function worklist(
  sheet: Sheet,
  appts: readonly Appt[],
  thresholds: Thresholds,
  filters: WorklistFilters,
  activities: ActivitiesByPatient = new Map(),
  phones: PhonesByPatient = new Map(),
): Worklist {
  const next = nextAppointments(appts, filters.asOf);
  const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  const patients: WorklistRow[] = [];
  for (const row of sheet) {
    if (!matchesProvider(filters.provider, row.provider)) continue;
    const read = readRow(row, activities.get(row.patient_key) ?? NONE, thresholds, filters.asOf);
    if (read === null || read.state.closed !== null) continue;
    if (!read.due && !(read.snoozed && filters.includeSnoozed)) continue;
    const nextAppointment = next.get(row.patient_key) ?? null;
    if (nextAppointment !== null && !filters.includeScheduled) continue;
    const { found, state } = read;
    if (!assigneeMatches(filters.assignedTo, state.assigned_to)) continue;
    counts[found.stage]++;
    if (filters.stage !== null && filters.stage !== found.stage) continue;
    patients.push({
      patient_name: row.patient_name,
      patient_key: row.patient_key,
      provider: row.provider,
      location: row.location,
      stage: found.stage,
      since: found.since,
      days_waiting: found.days,
      procedure_status: row.procedure_status,
      case_value: row.case_value,
      next_appointment: nextAppointment,
      phone: phones.get(row.patient_key) ?? null,
      source: null,
      assigned_to: state.assigned_to,
      next_follow_up: state.next_follow_up,
      attempts: state.attempts,
      last_contact: state.last_contact,
      financing: state.financing,
    });
  }
  patients.sort(SORTS[filters.sort ?? 'waiting']);
  return { counts, patients };
}
