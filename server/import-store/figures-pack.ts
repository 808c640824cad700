import type { Lead, LeadFigures, LeadPerson } from '../domain/leads';

/**
 * What the figures read of a Leads file's leads and people (LeadFigures in domain/leads.ts), as the
 * reading thread hands them to the server's thread while it stores them (uploads/store-leads.ts).
 *
 * Each lead is four numbers: its person, date, source and office, as places in lists that grow
 * batch by batch, each batch bringing the strings first seen in it. A person's key, a date, a
 * source and an office then cross between the threads once, however many leads have them, and
 * the numbers cross without being copied. As one string per field and lead, 200,000 leads were
 * 800,000 strings to copy, make again on the server's thread and collect, up to 0.7 s of the two
 * cores that the reading and the database share (docs/performance.md, leads).
 */

/** Leads as the figures read them, a batch at a time. */
export interface FigureLeads {
  /** The keys of the people whose first lead is in this batch, in that order. */
  people: string[];
  /** The dates, sources (as first spelled) and offices first seen in this batch. */
  dates: string[];
  sources: string[];
  locations: (string | null)[];
  /** Each lead's person, date, source and office, as their places in those lists so far. */
  person: Uint32Array;
  date: Uint32Array;
  source: Uint32Array;
  location: Uint32Array;
}

/** People as the figures read them (FirstTouch, with their phones), in order, a batch at a time. */
export interface FigurePeople {
  source: Uint32Array;
  first_lead_date: Uint32Array;
  patient_name: string[];
  phone: (string | null)[];
}

/** Leads and people handed on a batch at a time, each a few milliseconds to take in. */
export const FIGURES_BATCH = 20_000;

/** The buffers a batch's numbers are in, for postMessage to move rather than copy. */
export const buffersOfLeads = (b: FigureLeads): ArrayBuffer[] =>
  [b.person, b.date, b.source, b.location].map((a) => a.buffer as ArrayBuffer);
export const buffersOfPeople = (b: FigurePeople): ArrayBuffer[] =>
  [b.source, b.first_lead_date].map((a) => a.buffer as ArrayBuffer);

/** Adds items at the end of a list, many at a time (a spread of that many would overflow the stack). */
function append<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}

/** Values numbered in the order first seen; those new since the last take are handed on with it. */
class Numbering<T> {
  private readonly places = new Map<T, number>();
  private fresh: T[] = [];

  placeOf(value: T): number {
    let place = this.places.get(value);
    if (place === undefined) {
      place = this.places.size;
      this.places.set(value, place);
      this.fresh.push(value);
    }
    return place;
  }

  takeFresh(): T[] {
    const fresh = this.fresh;
    this.fresh = [];
    return fresh;
  }
}

/** Made on the reading thread: the leads as they are attributed, then the people. */
export class FiguresPacker {
  private readonly dates = new Numbering<string>();
  private readonly sources = new Numbering<string>();
  private readonly locations = new Numbering<string | null>();
  /** People numbered so far: a lead of the next number is its person's first. */
  private known = 0;
  private people: string[] = [];
  private person = new Uint32Array(FIGURES_BATCH);
  private date = new Uint32Array(FIGURES_BATCH);
  private source = new Uint32Array(FIGURES_BATCH);
  private location = new Uint32Array(FIGURES_BATCH);
  private count = 0;

  /** A lead of the person numbered `order` (their place among the people by first lead). */
  add(order: number, key: string, date: string, source: string, location: string | null): void {
    if (order === this.known) {
      this.people.push(key);
      this.known++;
    }
    const at = this.count++;
    this.person[at] = order;
    this.date[at] = this.dates.placeOf(date);
    this.source[at] = this.sources.placeOf(source);
    this.location[at] = this.locations.placeOf(location);
  }

  /** A full batch of leads; with `all`, whatever is left. Null when there is none to hand on. */
  takeLeads(all = false): FigureLeads | null {
    const count = this.count;
    if (count === 0 || (!all && count < FIGURES_BATCH)) return null;
    const batch: FigureLeads = {
      people: this.people,
      dates: this.dates.takeFresh(),
      sources: this.sources.takeFresh(),
      locations: this.locations.takeFresh(),
      person: this.person.slice(0, count),
      date: this.date.slice(0, count),
      source: this.source.slice(0, count),
      location: this.location.slice(0, count),
    };
    this.people = [];
    this.count = 0;
    return batch;
  }

  /**
   * Every person, in order, once every lead has been taken: their first touch, phone, and the name
   * their patient row has (`nameOf`).
   */
  *takePeople(
    people: readonly LeadPerson[],
    nameOf: (person: LeadPerson) => string,
  ): Generator<FigurePeople> {
    if (this.count > 0) throw new Error('The people are packed after every lead is taken');
    for (let at = 0; at < people.length; at += FIGURES_BATCH) {
      const end = Math.min(at + FIGURES_BATCH, people.length);
      const batch: FigurePeople = {
        source: new Uint32Array(end - at),
        first_lead_date: new Uint32Array(end - at),
        patient_name: [],
        phone: [],
      };
      for (let i = at; i < end; i++) {
        const p = people[i];
        batch.source[i - at] = this.sources.placeOf(p.source);
        batch.first_lead_date[i - at] = this.dates.placeOf(p.first_lead_date);
        batch.patient_name.push(nameOf(p));
        batch.phone.push(p.phone);
      }
      // A person's source and first date are those of a lead taken before: nothing new to hand on.
      yield batch;
    }
  }
}

/** Made on the server's thread: takes the batches in, in the order they were made. */
export class FiguresUnpacker {
  readonly figures: LeadFigures = { leads: [], firstTouch: new Map(), phones: new Map() };
  private readonly keys: string[] = [];
  private readonly dates: string[] = [];
  private readonly sources: string[] = [];
  private readonly locations: (string | null)[] = [];
  /** The number of the next person whose first touch comes. */
  private next = 0;

  leads(batch: FigureLeads): void {
    const { keys, dates, sources, locations } = this;
    append(keys, batch.people);
    append(dates, batch.dates);
    append(sources, batch.sources);
    append(locations, batch.locations);
    const { leads } = this.figures;
    for (let i = 0; i < batch.person.length; i++) {
      const lead: Lead = {
        person_key: keys[batch.person[i]],
        lead_date: dates[batch.date[i]],
        source: sources[batch.source[i]],
        location: locations[batch.location[i]],
      };
      leads.push(lead);
    }
  }

  people(batch: FigurePeople): void {
    const { firstTouch, phones } = this.figures;
    for (let i = 0; i < batch.patient_name.length; i++) {
      const key = this.keys[this.next++];
      firstTouch.set(key, {
        source: this.sources[batch.source[i]],
        first_lead_date: this.dates[batch.first_lead_date[i]],
        patient_name: batch.patient_name[i],
      });
      const phone = batch.phone[i];
      if (phone !== null) phones.set(key, phone);
    }
  }
}
