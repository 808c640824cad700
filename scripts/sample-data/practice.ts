// The practice behind an export: its doctors (with very uneven volume, as in real groups), its
// clinics and its fee schedule. Built once per run from the seed.

import { allProcedures } from './catalog.js';
import { providerNames } from './names.js';
import { type OfficeMix, officeMixes } from './offices.js';
import { Rng } from './prng.js';

// biome-ignore format: a short list reads better packed.
const LOCATIONS: readonly string[] = [
  'Main Street', 'Lakeside', 'Riverside', 'Downtown', 'Westgate', 'Oak Park', 'Hillcrest', 'Harbor View',
];

export interface Provider {
  name: string;
  home: string;
  /** A second clinic some doctors cover one or two days a week. */
  second: string | null;
}

export interface Practice {
  providers: Provider[];
  /** Relative share of full-arch consults; a couple of surgeons take most. */
  archWeights: number[];
  /** Relative share of routine visits; spread more evenly. */
  routineWeights: number[];
  /** How each clinic turns consults into treatment, by clinic name. */
  offices: Map<string, OfficeMix>;
  firstYear: number;
  /** Base fee in cents per code for `firstYear`. */
  fees: Map<string, number>;
}

/** Offices set fees in round steps ($5 below $500, $25 above), so fees look like a fee schedule. */
export function roundFee(cents: number): number {
  const step = cents < 50_000 ? 500 : 2_500;
  return Math.round(cents / step) * step;
}

export function buildPractice(seed: number, providerCount: number, firstYear: number): Practice {
  const rng = new Rng(seed ^ 0x5eed);
  const names = providerNames(providerCount, rng);
  const clinicCount = Math.min(
    LOCATIONS.length,
    Math.max(providerCount >= 2 ? 2 : 1, Math.round(providerCount / 3)),
  );
  const clinics = LOCATIONS.slice(0, clinicCount);
  const providers = names.map((name, k) => ({
    name,
    home: clinics[k % clinicCount],
    second: clinicCount > 1 && rng.chance(0.3) ? clinics[(k + 1) % clinicCount] : null,
  }));
  // Zipf-like volumes with noise: the first doctors carry much more than the last ones.
  const archWeights = names.map((_, k) => (1 / (k + 1)) ** 1.1 * (0.6 + rng.float() * 0.8));
  const routineWeights = names.map(() => 0.5 + rng.float());
  const fees = new Map<string, number>();
  for (const proc of allProcedures()) {
    fees.set(proc.code, roundFee(proc.feeMin + rng.float() * (proc.feeMax - proc.feeMin)));
  }
  const offices = officeMixes(clinics, rng);
  return { providers, archWeights, routineWeights, offices, firstYear, fees };
}

/** The mix of the clinic a visit takes place at. */
export function officeAt(practice: Practice, location: string): OfficeMix {
  const mix = practice.offices.get(location);
  if (!mix) throw new Error(`Unknown clinic '${location}'`);
  return mix;
}

/** Fee charged for a code in a year: the schedule rises ~3% a year, and some patients' fees are
 * set by an insurance plan instead (anywhere in the code's range). */
export function feeFor(practice: Practice, code: string, year: number, rng: Rng, planFee: boolean): number {
  const base = practice.fees.get(code) ?? 0;
  if (base === 0) return 0;
  if (planFee) return roundFee(base * (0.8 + rng.float() * 0.25));
  return roundFee(base * 1.03 ** Math.max(0, year - practice.firstYear));
}
