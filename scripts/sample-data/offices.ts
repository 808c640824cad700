// How each office turns full-arch consults into treatment. Offices of one group differ a lot: a
// flagship with an experienced treatment coordinator wins most of its consults and sells more
// double-arch cases, while a newer office loses more patients on price and leans on financing.
// The first clinic is the group's strongest, the second its weakest, any others in between, so
// that picking each office in turn on the dashboard shows the difference at once.

import type { Rng } from './prng.js';

export interface OfficeMix {
  /** Share of consults with nothing after them (no plan presented). */
  noPresentation: number;
  /** After a presentation: the patient accepts, applies for financing, or is lost. */
  accept: number;
  finance: number;
  lost: number;
  /** Chance that a patient pending finance goes ahead in the end. */
  financeApproved: number;
  /** Chance that a declined finance application is resubmitted with another lender. */
  resubmit: number;
  /** Share of presentations for both arches (the rest: upper or lower only, 2 to 1). */
  bothArches: number;
  /** Of both-arch presentations, the share accepted for one arch only. */
  oneArchOnly: number;
}

// About 54% of consults won at the strongest office, 20% at the weakest (for consults some
// months old: the latest ones are still to decide).
const STRONG: OfficeMix = {
  noPresentation: 0.1,
  accept: 0.56,
  finance: 0.12,
  lost: 0.32,
  financeApproved: 0.45,
  resubmit: 0.2,
  bothArches: 0.65,
  oneArchOnly: 0.08,
};
const WEAK: OfficeMix = {
  noPresentation: 0.32,
  accept: 0.24,
  finance: 0.26,
  lost: 0.5,
  financeApproved: 0.25,
  resubmit: 0.35,
  bothArches: 0.4,
  oneArchOnly: 0.2,
};
/** A practice with one clinic converts like a typical one: about 40% of consults won. */
const SINGLE_OFFICE_STRENGTH = 0.6;

/** The mix of an office of `strength` 0 (the weakest profile) to 1 (the strongest). */
export function officeMix(strength: number): OfficeMix {
  const mix = { ...WEAK };
  for (const key of Object.keys(mix) as (keyof OfficeMix)[]) {
    mix[key] = WEAK[key] + (STRONG[key] - WEAK[key]) * strength;
  }
  return mix;
}

/** Each clinic's mix, by name: first the strongest, second the weakest, the others drawn between. */
export function officeMixes(clinics: readonly string[], rng: Rng): Map<string, OfficeMix> {
  const mixes = new Map<string, OfficeMix>();
  clinics.forEach((clinic, k) => {
    const strength =
      clinics.length === 1 ? SINGLE_OFFICE_STRENGTH : k === 0 ? 1 : k === 1 ? 0 : 0.25 + rng.float() * 0.5;
    mixes.set(clinic, officeMix(strength));
  });
  return mixes;
}
