// The practice's leads: the inquiries from its web forms, call centre and CRM, exported one a
// row. Made after the practice itself, from what the survey kept of each patient (their first
// visit, their first consult and its clinic), with a random stream of their own, so adding them
// left every other file of the samples as it was.
//
// What they show (docs/behaviour.md section 19): most patients who consulted asked first, under
// the same name; a few wrote their name another way (a nickname, a slip in the last name) and are
// found by their phone alone; one lead gives a line two patients share and a name neither has, so
// it matches no one; many who asked never came in; and a handful asked after the last consult,
// the newest leads of the export.

import { phoneOf as phoneOfPatient } from './phones.js';
import { mixSeed, Rng } from './prng.js';
import type { World } from './world.js';

/** What the survey keeps of each patient for the leads: day numbers, -1 for none. */
export interface LeadSurvey {
  /** Whether the patient is in any file (a procedure or an appointment). */
  inFiles: Uint8Array;
  /** First procedure of any kind. */
  firstVisit: Int32Array;
  /** First consult: a consult procedure, else a booked consult appointment. */
  consult: Int32Array;
  /** The patient has a consult booked with no date yet (TBD). */
  consultTbd: Uint8Array;
  /** Clinic of the first consult, as an index into the practice's clinics; -1 for none. */
  clinic: Int8Array;
  /** The latest consult procedure of the report. */
  lastConsult: number;
  clinics: string[];
}

export function newLeadSurvey(patients: number): LeadSurvey {
  return {
    inFiles: new Uint8Array(patients),
    firstVisit: new Int32Array(patients).fill(-1),
    consult: new Int32Array(patients).fill(-1),
    consultTbd: new Uint8Array(patients),
    clinic: new Int8Array(patients).fill(-1),
    lastConsult: -1,
    clinics: [],
  };
}

export interface LeadRow {
  day: number;
  first: string;
  last: string;
  phone: string | null;
  email: string | null;
  source: string;
  location: string | null;
  /** Orders one day's leads: the patient's index, or past them for people who are no patient. */
  order: number;
}

/** A source, how often it brings a consulting patient and how often a lead who never comes in. */
const SOURCES: readonly (readonly [source: string, consults: number, inquiries: number])[] = [
  ['Facebook Ads', 26, 34],
  ['Google Ads', 22, 22],
  ['Website', 10, 9],
  ['Referral', 14, 3],
  ['Radio', 8, 9],
  ['TV', 8, 15],
  ['Seminar', 7, 3],
  // An empty cell: the importer reads it as Unknown.
  ['', 5, 5],
];
const CONSULT_WEIGHTS = SOURCES.map((s) => s[1]);
const INQUIRY_WEIGHTS = SOURCES.map((s) => s[2]);

/** Patients' phones use other area codes (phones.ts): these never match a patient by phone. */
const LEAD_AREA_CODES = ['214', '469', '972'];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** Share of consulting patients who asked first, and of other patients. */
const CONSULT_LEAD = 0.88;
const ROUTINE_LEAD = 0.06;
/** Leads of people who never consult, per consulting patient's lead. */
const INQUIRIES_PER_CONSULT = 1.2;
/** Consulting patients with a line of their own whose lead spells their name another way. */
const OTHER_SPELLING = 0.12;

// biome-ignore format: a word list reads better packed.
const NICKNAMES: Readonly<Record<string, string>> = {
  Robert: 'Bob', William: 'Bill', Elizabeth: 'Liz', Jennifer: 'Jen', Michael: 'Mike', Katherine: 'Kate',
  Christopher: 'Chris', Patricia: 'Pat', James: 'Jim', Richard: 'Rick', Joseph: 'Joe', Thomas: 'Tom',
  Margaret: 'Peggy', Daniel: 'Dan', Matthew: 'Matt', Anthony: 'Tony', Steven: 'Steve', Rebecca: 'Becky',
  Samantha: 'Sam', Deborah: 'Debbie', Kimberly: 'Kim', Jessica: 'Jess', Nicholas: 'Nick', Benjamin: 'Ben',
  Alexander: 'Alex', Jonathan: 'Jon', Timothy: 'Tim', Kenneth: 'Ken', Ronald: 'Ron', Donald: 'Don',
  Edward: 'Ed', Gregory: 'Greg', Andrew: 'Andy', Joshua: 'Josh', Susan: 'Sue', Barbara: 'Barb',
};

/** The key of `First Last` (docs/behaviour.md section 1): spaces collapsed, lower case. */
export const leadKey = (first: string, last: string): string =>
  `${first} ${last}`.trim().replace(/\s+/g, ' ').toLowerCase();

const digits = (phone: string): string => phone.replace(/[^0-9]/g, '');

/** A phone as a web form or a CRM writes it: the same ten digits in one of three forms. */
function restyle(phone: string, rng: Rng): string {
  const d = digits(phone);
  const style = rng.int(0, 9);
  if (style < 5) return phone;
  if (style < 8) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
}

function leadPhone(rng: Rng): string {
  return `(${rng.pick(LEAD_AREA_CODES)}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
}

function email(first: string, last: string, rng: Rng): string | null {
  if (!rng.chance(0.7)) return null;
  const local = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return `${local}@${rng.pick(EMAIL_DOMAINS)}`;
}

/** A last name as misheard or mistyped: a double letter single, else one vowel another. */
export function misspell(last: string): string {
  const doubled = /([a-z])\1/.exec(last);
  if (doubled) return last.slice(0, doubled.index) + last.slice(doubled.index + 1);
  for (const [from, to] of [
    ['y', 'i'],
    ['i', 'y'],
    ['e', 'a'],
    ['o', 'e'],
  ]) {
    const at = last.indexOf(from, 1);
    if (at > 0) return last.slice(0, at) + to + last.slice(at + 1);
  }
  return last;
}

/** The name a patient's lead gives when it is not theirs as the chart has it; null when none fits. */
function otherSpelling(first: string, last: string, keys: ReadonlySet<string>): [string, string] | null {
  const nickname = NICKNAMES[first.split(' ')[0]];
  const tries: [string, string][] = [];
  if (nickname) tries.push([first.replace(/^\S+/, nickname), last]);
  if (misspell(last) !== last) tries.push([first, misspell(last)]);
  return tries.find(([f, l]) => !keys.has(leadKey(f, l))) ?? null;
}

export interface LeadsOptions {
  /** Exactly this many leads, topped up with patients asking again; at least the natural count. */
  total?: number;
}

/** Every lead of the export, oldest first (one day's in the patients' order). */
export function generateLeads(world: World, survey: LeadSurvey, opts: LeadsOptions = {}): LeadRow[] {
  const salt = world.seed ^ 0x1ead5;
  const keys = new Set<string>();
  const phoneCount = new Map<string, number>();
  const names: { first: string; last: string }[] = [];
  for (let i = 0; i < world.patients; i++) {
    const n = world.namer.name(i);
    const first = n.middle ? `${n.first} ${n.middle}` : n.first;
    names.push({ first, last: n.last });
    if (!survey.inFiles[i]) continue;
    keys.add(leadKey(first, n.last));
    const phone = phoneOfPatient(i);
    if (phone) phoneCount.set(digits(phone), (phoneCount.get(digits(phone)) ?? 0) + 1);
  }
  const lastConsult = survey.lastConsult >= 0 ? survey.lastConsult : world.lastDay;
  const clinicOf = (i: number, rng: Rng): string | null =>
    survey.clinic[i] >= 0 && rng.chance(0.7) ? survey.clinics[survey.clinic[i]] : null;

  const leads: LeadRow[] = [];
  let consultLeads = 0;
  for (let i = 0; i < world.patients; i++) {
    if (!survey.inFiles[i]) continue;
    const rng = new Rng(mixSeed(salt, i));
    const { first, last } = names[i];
    const own = phoneOfPatient(i);
    const consult = survey.consult[i];
    const booked = consult >= 0 || survey.consultTbd[i] === 1;
    if (!rng.chance(booked ? CONSULT_LEAD : ROUTINE_LEAD)) continue;
    // The last day the patient can have asked on: the eve of their consult, of a consult booked
    // after today (or with no date yet) the export's day, of their first visit for the others;
    // but no later than the last consult for those who came in, since the leads after it are
    // those of people who have not (the sample loader keeps those recent: samples/README.md).
    const came = consult >= 0 && consult <= world.today;
    const visit = booked ? consult : survey.firstVisit[i];
    const latest =
      came || !booked ? Math.min(visit >= 0 ? visit - 1 : world.today, lastConsult) : world.today;
    // Asked days to weeks before, or for one booked ahead, in the last weeks.
    const day = latest - rng.int(0, came || !booked ? 39 : 30);
    const source = booked
      ? SOURCES[rng.weighted(CONSULT_WEIGHTS)][0]
      : rng.pick(['Website', 'Referral', 'Google Ads']);
    const phone = own ? restyle(own, rng) : rng.chance(0.6) ? leadPhone(rng) : null;
    let [f, l] = [first, last];
    const unique = own !== null && phoneCount.get(digits(own)) === 1;
    if (booked && unique && rng.chance(OTHER_SPELLING)) [f, l] = otherSpelling(first, last, keys) ?? [f, l];
    leads.push({
      day,
      first: f,
      last: l,
      phone,
      email: email(f, l, rng),
      source,
      location: clinicOf(i, rng),
      order: i,
    });
    if (booked) consultLeads++;
    // Some asked twice, through another channel, before their consult.
    if (booked && rng.chance(0.2) && day < latest) {
      leads.push({
        day: rng.int(day + 1, latest),
        first,
        last,
        phone,
        email: null,
        source: SOURCES[rng.weighted(CONSULT_WEIGHTS)][0],
        location: null,
        order: i,
      });
    }
  }

  const rng = new Rng(mixSeed(salt, 0xffffffff));
  let order = world.patients;
  // Someone who is no patient. In a large practice every plain first and last name may be a
  // patient's already: then a double-barrelled last name, which the namer never makes.
  const stranger = (): { first: string; last: string } => {
    for (let tries = 0; ; tries++) {
      const first = rng.pick(names).first.split(' ')[0];
      const last = tries < 4 ? rng.pick(names).last : `${rng.pick(names).last}-${rng.pick(names).last}`;
      if (!keys.has(leadKey(first, last))) return { first, last };
    }
  };
  const inquiry = (day: number, who = stranger(), phone = rng.chance(0.85) ? leadPhone(rng) : null) => {
    leads.push({
      day,
      ...who,
      phone,
      email: email(who.first, who.last, rng),
      source: SOURCES[rng.weighted(INQUIRY_WEIGHTS)][0],
      location: rng.chance(0.6) ? rng.pick(survey.clinics) : null,
      order: order++,
    });
  };
  // People who asked and never came in, over the whole export.
  const inquiries = Math.round(consultLeads * INQUIRIES_PER_CONSULT);
  for (let k = 0; k < inquiries; k++) inquiry(rng.int(world.firstDay, lastConsult));
  // The newest leads: after the last consult, up to the export's day.
  const fresh = Math.max(8, Math.round(consultLeads * 0.05));
  if (lastConsult < world.today)
    for (let k = 0; k < fresh; k++) inquiry(rng.int(lastConsult + 1, world.today));
  // A household's one line: a lead with it and a name that is none of theirs matches neither.
  const shared = sharedLine(world, survey, phoneCount);
  if (shared !== null) {
    const last = names[shared.patient].last;
    let first = rng.pick(names).first.split(' ')[0];
    for (let tries = 0; tries < 20 && keys.has(leadKey(first, last)); tries++)
      first = rng.pick(names).first.split(' ')[0];
    const who = keys.has(leadKey(first, last)) ? stranger() : { first, last };
    inquiry(Math.min(world.today, lastConsult + 1), who, shared.phone);
  }

  if (opts.total !== undefined) topUp(world, survey, names, leads, opts.total, rng);
  leads.sort((a, b) => a.day - b.day || a.order - b.order);
  return leads;
}

/** The first line exactly two patients in the files share, with one of them. */
function sharedLine(world: World, survey: LeadSurvey, phoneCount: ReadonlyMap<string, number>) {
  for (let i = 0; i < world.patients; i++) {
    const phone = survey.inFiles[i] ? phoneOfPatient(i) : null;
    if (phone && phoneCount.get(digits(phone)) === 2) return { patient: i, phone };
  }
  return null;
}

/** More leads of patients, asking again on any day of the export, until there are `total`. */
function topUp(
  world: World,
  survey: LeadSurvey,
  names: readonly { first: string; last: string }[],
  leads: LeadRow[],
  total: number,
  rng: Rng,
): void {
  if (total < leads.length)
    throw new Error(`leads must be at least ${leads.length}, the leads this practice has anyway`);
  const end = survey.lastConsult >= 0 ? survey.lastConsult : world.lastDay;
  while (leads.length < total) {
    const i = rng.int(0, world.patients - 1);
    if (!survey.inFiles[i]) continue;
    const own = phoneOfPatient(i);
    leads.push({
      day: rng.int(world.firstDay, end),
      ...names[i],
      phone: own ? restyle(own, rng) : null,
      email: null,
      source: SOURCES[rng.weighted(INQUIRY_WEIGHTS)][0],
      location: null,
      order: i,
    });
  }
}
