// Everything a patient's generation depends on, fixed for the whole run. Keeping it separate from
// the per-patient code makes each patient a pure function of (world, index).

import { dayOf, parseIsoDate } from './calendar.js';
import { PatientNamer } from './names.js';
import { buildPractice, type Practice } from './practice.js';

export interface WorldOptions {
  providers: number;
  patients: number;
  years: number[];
  seed: number;
  /** `YYYY-MM-DD`: procedures are on or before it, appointments after it. */
  today: string;
}

export interface World {
  seed: number;
  patients: number;
  today: number;
  years: ReadonlySet<number>;
  /** Day ranges (inclusive) in which a patient's first visit may fall: the listed years, cut at today. */
  startRanges: readonly (readonly [number, number])[];
  firstDay: number;
  lastDay: number;
  practice: Practice;
  namer: PatientNamer;
}

export function buildWorld(opts: WorldOptions): World {
  if (!Number.isInteger(opts.providers) || opts.providers < 1)
    throw new Error('providers must be at least 1');
  if (!Number.isInteger(opts.patients) || opts.patients < 1) throw new Error('patients must be at least 1');
  if (opts.years.length === 0) throw new Error('years must list at least one year');
  const today = parseIsoDate(opts.today);
  const years = [...new Set(opts.years)].sort((a, b) => a - b);
  for (const y of years) {
    if (!Number.isInteger(y) || y < 2000 || y > 2099) throw new Error(`Invalid year ${y}: use 2000-2099`);
  }
  const startRanges: [number, number][] = [];
  for (const y of years) {
    const lo = dayOf(y, 1, 1);
    const hi = Math.min(dayOf(y, 12, 31), today);
    if (lo <= hi) startRanges.push([lo, hi]);
  }
  if (startRanges.length === 0) throw new Error('No listed year has days on or before today');
  return {
    seed: opts.seed >>> 0,
    patients: opts.patients,
    today,
    years: new Set(years),
    startRanges,
    firstDay: startRanges[0][0],
    lastDay: startRanges[startRanges.length - 1][1],
    practice: buildPractice(opts.seed >>> 0, opts.providers, years[0]),
    namer: new PatientNamer(opts.seed >>> 0),
  };
}
