// One patient, start to finish, as a pure function of (world, index): the same index always yields
// the same rows, which is what lets the writer regenerate patients window by window instead of
// holding the whole practice in memory.

import { archJourney } from './arch-journey.js';
import { yearOf } from './calendar.js';
import { procedure } from './catalog.js';
import { Chart, type ChartEvent } from './chart.js';
import { canonicalName, nameVariant } from './names.js';
import { mixSeed, Rng } from './prng.js';
import { routineJourney } from './routine-journey.js';
import type { World } from './world.js';

export interface ProcRow {
  day: number;
  patient: number;
  /** Position among the patient's rows; with day and patient it orders the report. */
  seq: number;
  name: string;
  code: string;
  description: string;
  provider: string;
  location: string;
  /** Cents. */
  fee: number;
  tooth: string;
}

export interface ApptRow {
  /** null: not yet booked (TBD). */
  day: number | null;
  patient: number;
  seq: number;
  name: string;
  code: string;
  description: string;
  provider: string;
  /** The clinic of the visit; '' when the scheduler left it out (the patient's clinic applies). */
  location: string;
  status: string;
}

export interface IgnoreRow {
  patient: number;
  name: string;
  year: number;
  notes: string;
}

export interface PatientRows {
  procs: ProcRow[];
  appts: ApptRow[];
  ignores: IgnoreRow[];
}

/** Codes a front desk books ahead; decisions (FA-*) and add-ons are not appointments. */
const BOOKABLE = new Set([
  'D0150',
  'D9310',
  'D6119',
  'D6118',
  'D6114',
  'D6115',
  'D0801',
  'D0802',
  'D0120',
  'D1110',
  'D4910',
  'D2740',
]);
/** Events after one of these are not booked yet: the patient has still to decide. */
const DECISIONS = new Set([
  'FA-PRES-MAX',
  'FA-PRES-MAND',
  'FA-ACC-MAX',
  'FA-ACC-MAND',
  'FA-PF-MAX',
  'FA-PF-MAND',
]);
/** Appointments are booked at most this far ahead. */
const BOOKING_HORIZON_DAYS = 270;

const IGNORE_NOTES = [
  'Treated at prior practice',
  'Case started before acquisition',
  'Consult carried over from prior year',
  'Transferred from another office',
  'Duplicate chart - see merged record',
  'Staff family member',
  '',
];

export function generatePatient(world: World, index: number): PatientRows {
  const rng = new Rng(mixSeed(world.seed, index));
  const person = world.namer.name(index);
  const canonical = canonicalName(person);
  // Front-desk sloppiness is a habit of some charts, not a coin toss on every row.
  const sloppy = rng.chance(0.2);
  const chart = new Chart(world, rng);
  const kind = rng.choose([
    ['routine', 0.5],
    ['arch', 0.47],
    ['newConsult', 0.03],
  ] as const);
  let consult: number | null = null;
  if (kind === 'routine') routineJourney(chart, chart.startDay());
  else if (kind === 'arch') consult = archJourney(chart, chart.startDay());
  else newConsult(chart);

  // Stable sort: same-day events keep the order the journey wrote them in.
  const events = chart.events.slice().sort((a, b) => a.day - b.day);
  const procs: ProcRow[] = [];
  let rowsSeen = 0;
  const nameFor = (): string =>
    rowsSeen++ > 0 && sloppy && rng.chance(0.35) ? nameVariant(person, rng) : canonical;
  for (const e of events) {
    if (e.day > world.today || !world.years.has(yearOf(e.day))) continue;
    // A stray double space in a provider name, as typed into an old chart; the importer collapses it.
    const provider = rng.chance(0.005) ? e.doc.provider.name.replace(' ', '  ') : e.doc.provider.name;
    // Plain literals, not object spread: spread is several times slower on this hot path.
    procs.push({
      day: e.day,
      patient: index,
      seq: procs.length,
      name: nameFor(),
      code: e.code,
      description: procedure(e.code).description,
      provider,
      location: e.doc.location,
      fee: e.fee,
      tooth: e.tooth,
    });
  }
  const consulted = procs.some((r) => r.code === 'D0150' || r.code === 'D9310');
  const appts = bookAhead(world, events, rng, consulted);
  for (let seq = 0; seq < appts.length; seq++) {
    appts[seq].patient = index;
    appts[seq].seq = seq;
    appts[seq].name = nameFor();
  }

  const ignores: IgnoreRow[] = [];
  if (consult !== null && consult <= world.today && rng.chance(0.025)) {
    const year = yearOf(consult) + (rng.chance(0.4) ? 1 : 0);
    if (world.years.has(year)) {
      const name = rng.chance(0.15) ? nameVariant(person, rng) : canonical;
      ignores.push({ patient: index, name, year, notes: rng.pick(IGNORE_NOTES) });
    }
  }
  return { procs, appts, ignores };
}

/** New patients booked for a first consult after today; they appear only in Future Scheduled. */
function newConsult(chart: Chart): void {
  const doc = chart.doc(chart.world.practice.archWeights);
  const day = chart.after(chart.world.today, 1, 100);
  chart.add(day, 'D0150', doc);
  if (chart.rng.chance(0.15)) chart.add(day, 'D9310', doc);
}

/** The next one or two visits after today become appointments, up to the first pending decision.
 * About a third of the visits of a full-arch patient already consulted are booked from the
 * treatment plan without a clinic (~12% of all rows), which falls back to the clinic of the
 * patient's consult. Other bookings always name one, so no appointment ends up with no clinic. */
function bookAhead(world: World, events: readonly ChartEvent[], rng: Rng, consulted: boolean): ApptRow[] {
  const out: ApptRow[] = [];
  let visits = 0;
  let i = events.findIndex((e) => e.day > world.today);
  if (i < 0) return out;
  while (i < events.length && visits < 2) {
    const day = events[i].day;
    if (day > world.today + BOOKING_HORIZON_DAYS) break;
    const visit = [];
    while (i < events.length && events[i].day === day) visit.push(events[i++]);
    if (visit.some((e) => DECISIONS.has(e.code))) break;
    const booked = visit.filter((e) => BOOKABLE.has(e.code));
    if (booked.length === 0) continue;
    visits++;
    // Status and TBD are per visit: both arches of one surgery share them.
    const status = rng.choose([
      ['Scheduled', 0.52],
      ['Confirmed', 0.36],
      ['Cancelled', 0.06],
      ['No Show', 0.03],
      ['', 0.03],
    ] as const);
    const tbd = rng.chance(0.03);
    const unnamed = consulted && rng.chance(0.35);
    for (const e of booked) {
      out.push({
        day: tbd ? null : day,
        patient: 0,
        seq: 0,
        name: '',
        code: e.code,
        description: procedure(e.code).description,
        provider: e.doc.provider.name,
        location: unnamed ? '' : e.doc.location,
        status,
      });
    }
  }
  return out;
}
