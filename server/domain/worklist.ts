/** The follow-up worklist of docs/behaviour.md section 12: stalled cases with nothing on the books. */
import type { CaseState, WorklistStanding } from '../../common/api/activities';
import type { Stage, Thresholds, WorklistPatient, WorklistSort } from '../../common/api/worklist';
import { STAGES } from '../../common/api/worklist';
import { type CaseActivity, readCase } from './case-state';
import { addDays, daysBetween } from './dates';
import { compareText, isLive, matchesProvider, type ProviderFilter } from './figures/common';
import { atLocation, isAt, type LocationFilter } from './figures/locations';
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
/** What whether a person is a new lead depends on: besides the stage, whether they consulted. */
type Consulted = Staged & Pick<SheetRow, 'consult_date'>;

/** Lost cases (stage `undecided`) close once they have waited longer than this. */
export const UNDECIDED_WINDOW_DAYS = 365;
/** New leads (stage `new_lead`) close once they have waited longer than this (section 19). */
export const NEW_LEAD_WINDOW_DAYS = 90;

/** A lead as the new leads stage reads it: whose it is, its day and its own office. */
export interface LeadSeen {
  person_key: string;
  lead_date: string;
  location: string | null;
}

/** The people leads name (docs/behaviour.md section 19), as the worklist reads them. */
export interface LeadPeople {
  /** Every lead, in section 1's order. */
  leads: readonly LeadSeen[];
  /** Each person with a lead, by key: their display name and their source (first touch). */
  firstTouch: ReadonlyMap<string, { source: string; patient_name: string }>;
}

export const NO_LEADS: LeadPeople = { leads: [], firstTouch: new Map() };

export { daysBetween } from './dates';

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

/** A stage a row or a person is in on a day: since, days waiting, and (new leads) the lead's office. */
interface Found {
  stage: Stage;
  since: string;
  days: number;
  location?: string | null;
}

/**
 * A person's `new_lead` stage on `asOf` (section 19), or null: they have a lead on or before it, no
 * consult by it (no scoresheet row, or one whose consult_date is null or later) and are in no
 * other stage on it; since is their latest lead day, and the stage closes after 90 days. The
 * location is that of the first (section 1's order) of that day's leads. `leads` are the person's
 * own, in section 1's order; `row` their scoresheet row, if any.
 */
export function newLeadOn(
  leads: readonly LeadSeen[],
  row: Consulted | undefined | null,
  asOf: string,
): (Found & { location: string | null }) | null {
  if (row && ((row.consult_date !== null && row.consult_date <= asOf) || stageOn(row, asOf) !== null))
    return null;
  let since: LeadSeen | null = null;
  for (const lead of leads)
    if (lead.lead_date <= asOf && (since === null || lead.lead_date > since.lead_date)) since = lead;
  if (since === null) return null;
  const days = daysBetween(since.lead_date, asOf);
  if (days > NEW_LEAD_WINDOW_DAYS) return null;
  return { stage: 'new_lead', since: since.lead_date, days, location: since.location };
}

/** Each person's leads in section 1's order, by person key. */
export function leadsByPerson(leads: readonly LeadSeen[]): Map<string, LeadSeen[]> {
  const by = new Map<string, LeadSeen[]>();
  for (const lead of leads) {
    const own = by.get(lead.person_key);
    if (own) own.push(lead);
    else by.set(lead.person_key, [lead]);
  }
  return by;
}

/** A row in a stage as the worklist reads it with its case work (section 15). */
interface ReadRow {
  found: Found;
  /** Read from the stage's activities: since <= date <= as_of. */
  state: CaseState;
  /** Due by the next follow-up when one is set, else by the stage's threshold. */
  due: boolean;
  /** Its next follow-up is after as_of. */
  snoozed: boolean;
}

/** A stage's case on `asOf`; `activities` in case order. */
function readRow(
  found: Found,
  activities: readonly CaseActivity[],
  thresholds: Thresholds,
  asOf: string,
): ReadRow {
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
 * snoozed rows), by the same reading as `worklist`: null when they are in no stage. `row` (null
 * when they have none), `appts`, `activities` (in case order) and `leads` (section 1's order) are
 * the patient's own: a person with only leads may be a new lead. A closed
 * case is `closed`, a later follow-up `snoozed`, a wait short of the threshold `waiting`; a due row
 * with an appointment that counts is `booked`, else `listed`.
 */
export function worklistStanding(
  row: Consulted | null,
  appts: readonly Pick<Appt, 'appt_date' | 'scheduled_status' | 'cancelled'>[],
  thresholds: Thresholds,
  activities: readonly CaseActivity[],
  asOf: string,
  leads: readonly LeadSeen[] = [],
): WorklistStanding | null {
  const stage = (row && stageOn(row, asOf)) ?? newLeadOn(leads, row, asOf);
  if (stage === null) return null;
  const read = readRow(stage, activities, thresholds, asOf);
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
  /** Every location when absent or null (section 11). */
  location?: LocationFilter;
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
export interface PhonesByPatient {
  get(patientKey: string): string | undefined;
}

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
 * The due rows: counted per stage under every filter but the stage, listed for the chosen stage in
 * the chosen order (longest wait first unless asked otherwise), then by name without regard to
 * case. Case work (section 15) closes a row, or decides when it is due by its next follow-up
 * instead of the threshold. `sheet` and `appts` are the whole data: a scoresheet row counts at its
 * location and an appointment at its own (section 11), but a new lead at the office of the lead
 * that gave its since, and whether a person is a new lead reads their scoresheet row wherever it is.
 */
export function worklist(
  sheet: Sheet,
  appts: readonly Appt[],
  thresholds: Thresholds,
  filters: WorklistFilters,
  activities: ActivitiesByPatient = new Map(),
  phones: PhonesByPatient = new Map(),
  people: LeadPeople = NO_LEADS,
): Worklist {
  const location = filters.location ?? null;
  const here = atLocation({ sheet, appts: appts as Appt[] }, location);
  const nextHere = nextAppointments(here.appts, filters.asOf);
  const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  const patients: WorklistRow[] = [];
  /** Adds the row when it is due and passes the filters. */
  const consider = (found: Found, key: string, next: string | null, row: Omit<WorklistRow, Listed>) => {
    const read = readRow(found, activities.get(key) ?? NONE, thresholds, filters.asOf);
    if (read.state.closed !== null) return;
    if (!read.due && !(read.snoozed && filters.includeSnoozed)) return;
    if (next !== null && !filters.includeScheduled) return;
    const { state } = read;
    if (!assigneeMatches(filters.assignedTo, state.assigned_to)) return;
    counts[found.stage]++;
    if (filters.stage !== null && filters.stage !== found.stage) return;
    patients.push({
      ...row,
      stage: found.stage,
      since: found.since,
      days_waiting: found.days,
      next_appointment: next,
      phone: phones.get(key) ?? null,
      source: people.firstTouch.get(key)?.source ?? null,
      assigned_to: state.assigned_to,
      next_follow_up: state.next_follow_up,
      attempts: state.attempts,
      last_contact: state.last_contact,
      financing: state.financing,
    });
  };
  for (const row of here.sheet) {
    if (!matchesProvider(filters.provider, row.provider)) continue;
    const found = stageOn(row, filters.asOf);
    if (found === null) continue;
    consider(found, row.patient_key, nextHere.get(row.patient_key) ?? null, {
      patient_name: row.patient_name,
      patient_key: row.patient_key,
      provider: row.provider,
      location: row.location,
      procedure_status: row.procedure_status,
      case_value: row.case_value,
    });
  }
  // A new lead has no provider: a list for one provider (or held to one) has none (section 19).
  if (filters.provider === null && people.leads.length > 0) {
    const rowOf = new Map(sheet.map((r) => [r.patient_key, r]));
    // On the books wherever it is booked: a lead's office need not be the consult's.
    const next = nextAppointments(appts, filters.asOf);
    for (const [key, leads] of leadsByPerson(people.leads)) {
      const row = rowOf.get(key);
      const name = people.firstTouch.get(key)?.patient_name ?? row?.patient_name;
      const found = newLeadOn(leads, row, filters.asOf);
      if (found === null || name === undefined) continue;
      if (!isAt(location, found.location)) continue;
      consider(found, key, next.get(key) ?? null, {
        patient_name: name,
        patient_key: key,
        provider: null,
        location: found.location,
        procedure_status: null,
        case_value: null,
      });
    }
  }
  patients.sort(SORTS[filters.sort ?? 'waiting']);
  return { counts, patients };
}

/** What `consider` fills in from the stage and the case. */
type Listed =
  | 'stage'
  | 'since'
  | 'days_waiting'
  | 'next_appointment'
  | 'phone'
  | 'source'
  | 'assigned_to'
  | 'next_follow_up'
  | 'attempts'
  | 'last_contact'
  | 'financing';
