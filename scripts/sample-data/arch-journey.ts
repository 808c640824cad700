// A full-arch patient's path: consult, presentation, then accepted (scans, temporaries,
// permanents), pending finance, lost, or nothing after the consult. The shares depend on the
// office of the consult (offices.ts): about half of consults are won at the group's strongest
// office, a fifth at its weakest, some 40% across the group, as in typical full-arch practices.

import type { Chart, Doc } from './chart.js';
import { officeAt } from './practice.js';

// Implant sites per arch (universal numbering) and teeth still to extract before surgery.
const UPPER_IMPLANTS = ['3', '5', '12', '14'];
const LOWER_IMPLANTS = ['19', '21', '28', '30'];
const UPPER_TEETH = ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15'];
const LOWER_TEETH = ['18', '19', '20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '30', '31'];

interface Arches {
  upper: boolean;
  lower: boolean;
}

/** Returns the consult day, which the ignore list needs. */
export function archJourney(c: Chart, start: number): number {
  const rng = c.rng;
  const doc = c.doc(c.world.practice.archWeights);
  // The patient's whole case is decided at the office of the consult.
  const mix = officeAt(c.world.practice, doc.location);
  // Existing patients often had a problem visit before the full-arch conversation.
  if (rng.chance(0.1)) {
    const before = c.after(start - 400, 0, 330);
    c.add(before, 'D0140', doc);
    if (rng.chance(0.6)) c.add(before, 'D0220', doc, rng.pick(UPPER_TEETH));
  }
  const consult = start;
  const kind = rng.choose([
    ['D0150', 0.65],
    ['D9310', 0.2],
    ['both', 0.15],
  ] as const);
  if (kind !== 'D9310') c.add(consult, 'D0150', doc);
  // Many offices give the full-arch consultation free of charge.
  if (kind !== 'D0150') c.add(consult, 'D9310', doc, '', rng.chance(0.4) ? 0 : undefined);
  if (rng.chance(0.3)) c.add(consult, 'D0330', doc);
  else if (rng.chance(0.25)) c.add(consult, 'D0367', doc);
  if (rng.chance(mix.noPresentation)) return consult;

  // Now and then an associate presents the plan the surgeon diagnosed.
  const presenter = rng.chance(0.08) ? c.doc(c.world.practice.archWeights) : doc;
  const pres = rng.chance(0.45) ? consult : c.after(consult, 3, 28);
  const presented = rng.choose<Arches>([
    [{ upper: true, lower: true }, mix.bothArches],
    [{ upper: true, lower: false }, ((1 - mix.bothArches) * 2) / 3],
    [{ upper: false, lower: true }, (1 - mix.bothArches) / 3],
  ]);
  addPair(c, pres, presenter, presented, 'FA-PRES-MAX', 'FA-PRES-MAND');
  const outcome = rng.choose([
    ['accept', mix.accept],
    ['finance', mix.finance],
    ['lost', mix.lost],
  ] as const);
  if (outcome === 'lost') return consult;

  let decided = pres;
  if (outcome === 'finance') {
    decided = rng.chance(0.4) ? pres : c.after(pres, 1, 21);
    addPair(c, decided, doc, presented, 'FA-PF-MAX', 'FA-PF-MAND');
    // A declined application is often resubmitted with another lender.
    if (rng.chance(mix.resubmit)) {
      decided = c.after(decided, 20, 60);
      addPair(c, decided, doc, presented, 'FA-PF-MAX', 'FA-PF-MAND');
    }
    if (!rng.chance(mix.financeApproved)) return consult;
    decided = c.after(decided, 14, 75);
  } else if (rng.chance(0.7)) {
    decided = c.after(pres, 1, 45);
  }
  const accepted = { ...presented };
  // Some patients go ahead with one arch only, at least for now.
  if (presented.upper && presented.lower && rng.chance(mix.oneArchOnly)) {
    if (rng.chance(0.6)) accepted.lower = false;
    else accepted.upper = false;
  }
  addPair(c, decided, doc, accepted, 'FA-ACC-MAX', 'FA-ACC-MAND');
  treatment(c, decided, doc, accepted);
  return consult;
}

function addPair(
  c: Chart,
  day: number,
  doc: Doc,
  arches: Arches,
  upperCode: string,
  lowerCode: string,
): void {
  if (arches.upper) c.add(day, upperCode, doc, 'UA');
  if (arches.lower) c.add(day, lowerCode, doc, 'LA');
}

/** Scans weeks after acceptance, surgery with temporaries weeks later, permanents months later. */
function treatment(c: Chart, accepted: number, doc: Doc, arches: Arches): void {
  const rng = c.rng;
  const scan = c.after(accepted, 7, 35);
  const scanCode = rng.chance(0.8) ? 'D0801' : 'D0802';
  if (arches.upper && arches.lower && rng.chance(0.7)) c.add(scan, scanCode, doc);
  else addPair(c, scan, doc, arches, scanCode, scanCode);

  const surgery = c.after(scan, 14, 56);
  // Double-arch cases are usually done in one surgery, sometimes staged weeks apart.
  const lowerSurgery = arches.upper && rng.chance(0.15) ? c.after(surgery, 21, 60) : surgery;
  if (rng.chance(0.35)) c.add(surgery, 'D9239', doc);
  if (arches.upper) archSurgery(c, surgery, doc, 'D6119', 'UA', UPPER_TEETH, UPPER_IMPLANTS, 'D6114');
  if (arches.lower) {
    if (lowerSurgery !== surgery && rng.chance(0.5)) c.add(lowerSurgery, 'D9239', doc);
    archSurgery(c, lowerSurgery, doc, 'D6118', 'LA', LOWER_TEETH, LOWER_IMPLANTS, 'D6115');
  }
}

function archSurgery(
  c: Chart,
  day: number,
  doc: Doc,
  tempCode: string,
  arch: string,
  teeth: readonly string[],
  implants: readonly string[],
  permCode: string,
): void {
  const rng = c.rng;
  if (rng.chance(0.15)) {
    const first = rng.int(0, teeth.length - 3);
    const count = rng.int(1, 3);
    for (let t = first; t < first + count; t++) c.add(day, 'D7210', doc, teeth[t]);
  }
  // Implant placement is often billed by an outside surgeon, so it is not always in the ledger.
  if (rng.chance(0.08)) for (const site of implants) c.add(day, 'D6010', doc, site);
  c.add(day, tempCode, doc, arch);
  // A few patients stay in their temporaries (moved away, unpaid balance).
  if (rng.chance(0.9)) c.add(c.after(day, 100, 200), permCode, doc, arch);
}
