// A patient's chart while it is being written: dated events in any order, later split into past
// procedures and future appointments around "today".

import { toWorkday, yearOf } from './calendar.js';
import { feeFor, type Provider } from './practice.js';
import type { Rng } from './prng.js';
import type { World } from './world.js';

/** Who sees the patient on a visit, and where. */
export interface Doc {
  provider: Provider;
  location: string;
}

export interface ChartEvent {
  day: number;
  code: string;
  doc: Doc;
  tooth: string;
  /** Fee in cents. */
  fee: number;
}

export class Chart {
  readonly events: ChartEvent[] = [];
  /** Insurance-plan patients are billed their plan's fee rather than the office fee schedule. */
  private readonly planFee: boolean;

  constructor(
    readonly world: World,
    readonly rng: Rng,
  ) {
    this.planFee = rng.chance(0.25);
  }

  add(day: number, code: string, doc: Doc, tooth = '', fee?: number): void {
    const charged = fee ?? feeFor(this.world.practice, code, yearOf(day), this.rng, this.planFee);
    this.events.push({ day, code, doc, tooth, fee: charged });
  }

  /** A visit day `lo..hi` days after `from`, on a working day (some clinics open Saturdays). */
  after(from: number, lo: number, hi: number): number {
    return toWorkday(from + this.rng.int(lo, hi), this.rng.chance(0.1));
  }

  /** A doctor drawn by volume, seen at their home clinic or now and then at their second one. */
  doc(weights: readonly number[]): Doc {
    const provider = this.world.practice.providers[this.rng.weighted(weights)];
    const location = provider.second && this.rng.chance(0.25) ? provider.second : provider.home;
    return { provider, location };
  }

  /** A first visit anywhere in the listed years up to today, weighted by the days each offers. */
  startDay(): number {
    const ranges = this.world.startRanges;
    const r = ranges[this.rng.weighted(ranges.map(([lo, hi]) => hi - lo + 1))];
    return toWorkday(this.rng.int(r[0], r[1]), false);
  }
}
