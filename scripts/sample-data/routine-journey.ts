// Everyday dentistry that shares the ledger with full-arch work: recalls, problem visits and
// restorative work, spaced like a six-month recall cycle. These rows carry codes with no mapping,
// as a real export would.

import type { Chart } from './chart.js';

const TEETH = ['2', '3', '14', '15', '18', '19', '30', '31', '4', '13', '20', '29', '8', '9'];
const QUADS = ['UR', 'UL', 'LR', 'LL'];

export function routineJourney(c: Chart, start: number): void {
  const rng = c.rng;
  const doc = c.doc(c.world.practice.routineWeights);
  const perio = rng.chance(0.15);
  const visits = rng.choose([
    [1, 0.56],
    [2, 0.26],
    [3, 0.11],
    [4, 0.05],
    [6, 0.02],
  ] as const);
  let day = start;
  for (let v = 0; v < visits; v++) {
    const kind = rng.choose([
      ['recall', 0.6],
      ['problem', 0.25],
      ['restorative', 0.15],
    ] as const);
    if (kind === 'recall') {
      c.add(day, 'D0120', doc);
      c.add(day, perio ? 'D4910' : 'D1110', doc);
      if (rng.chance(0.15)) c.add(day, 'D0274', doc);
      else if (rng.chance(0.08)) c.add(day, 'D0210', doc);
      if (rng.chance(0.06)) c.add(day, 'D1208', doc);
    } else if (kind === 'problem') {
      c.add(day, 'D0140', doc);
      if (rng.chance(0.6)) c.add(day, 'D0220', doc, rng.pick(TEETH));
      const treat = rng.float();
      if (treat < 0.2) c.add(day, 'D9110', doc);
      else if (treat < 0.35) c.add(day, 'D7140', doc, rng.pick(TEETH));
      else if (treat < 0.45) c.add(day, 'D7210', doc, rng.pick(TEETH));
    } else {
      const tooth = rng.pick(TEETH);
      const work = rng.float();
      if (work < 0.5) c.add(day, rng.chance(0.6) ? 'D2391' : 'D2392', doc, tooth);
      else if (work < 0.85) {
        if (rng.chance(0.5)) c.add(day, 'D2950', doc, tooth);
        c.add(day, 'D2740', doc, tooth);
      } else c.add(day, 'D3330', doc, tooth);
    }
    if (v === 0 && perio && rng.chance(0.5)) {
      const srp = c.after(day, 7, 21);
      c.add(srp, 'D4341', doc, QUADS[0]);
      c.add(srp, 'D4341', doc, QUADS[1]);
    }
    // A few edentulous patients get conventional dentures instead of a full-arch case.
    if (rng.chance(0.01)) c.add(c.after(day, 30, 90), rng.chance(0.6) ? 'D5110' : 'D5120', doc);
    day = c.after(day, 150, 220);
  }
}
