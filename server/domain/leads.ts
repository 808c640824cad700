/**
 * Leads (docs/behaviour.md section 19): a lead's source as compared, phones as compared, and who
 * each lead is: the patient it matches, else a person of its own, with that person's first touch.
 */
import { NO_LEAD } from '../../common/api/marketing';

/** What a source cell reads as when it names none. */
export const UNKNOWN_SOURCE = 'Unknown';

/** A source as stored: trimmed, runs of whitespace as one space; empty or `No lead` is Unknown. */
export function leadSource(raw: string | null | undefined): string {
  const source = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (source === '' || source.toLowerCase() === NO_LEAD.toLowerCase()) return UNKNOWN_SOURCE;
  return source;
}

/** The key sources compare by: case-folded. */
export const sourceKey = (source: string): string => source.toLowerCase();

/**
 * A phone's ten digits, or null when it has not exactly ten (after an eleventh leading `1` is
 * dropped): only then does it compare with another.
 */
export function phoneDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/[^0-9]/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** A lead as the figures and the worklist read it (dashboard/data.ts). */
export interface Lead {
  person_key: string;
  lead_date: string;
  /** The source as first spelled among the leads. */
  source: string;
  /** The lead's own office as the file gave it, or null. */
  location: string | null;
}

/** A person's first touch: the source of their earliest lead, and its date; and their display name. */
export interface FirstTouch {
  source: string;
  first_lead_date: string;
  /** The person's display name, for a worklist row of someone known only from leads. */
  patient_name: string;
}

/**
 * Who the leads are, as the figures read them: made by a Leads file's import as it stored them
 * (uploads/store-leads.ts), so that the figures need not read them back (dashboard/data.ts).
 */
export interface LeadFigures {
  leads: Lead[];
  firstTouch: Map<string, FirstTouch>;
  /** Each person's phone as `lead_people` keeps it, where they have one. */
  phones: Map<string, string>;
}

/** A lead as attribution reads it. */
export interface LeadInput {
  patient_key: string;
  patient_name: string;
  lead_date: string;
  /** As stored (leadSource). */
  source: string;
  phone: string | null;
}

/** A patient of the Full Arch Report or the Future Scheduled data, with their phone (section 2). */
export interface PatientInput {
  patient_key: string;
  phone: string | null;
  /** Their own name, which a person matched to them goes by; when absent, their first lead's. */
  patient_name?: string;
}

/** Who a lead's person is, and their first touch. */
export interface LeadPerson {
  key: string;
  /** A patient's key; false for a person known only from leads. */
  matched: boolean;
  /** The matched patient's own name where given, else the first lead's (a person known only from leads goes by it). */
  name: string;
  /** The matched patient's phone when they have one, else the person's last lead's phone. */
  phone: string | null;
  /** The source of the earliest lead by date, ties to the earlier lead, as first seen. */
  source: string;
  first_lead_date: string;
}

export interface Attribution {
  /** Each lead's person key, by the lead's index in the input. */
  personOf: string[];
  /** Each person, in the order of their first lead. */
  people: Map<string, LeadPerson>;
  /** Each source key's first-seen spelling. */
  sourceNames: Map<string, string>;
}

/** A person with their place among the people, by first lead (0 for the first). */
export interface NumberedPerson extends LeadPerson {
  readonly order: number;
}

/** A source as the leads spell it: its key, and the spelling of the first lead with that key. */
export interface LeadSource {
  readonly key: string;
  readonly spelling: string;
}

/**
 * What is known under one key: the patient with it, if any; the person it is, once a lead made
 * them (so a patient's entry is their person too, and a lead matched to them makes nothing new);
 * and the leads with it so far, by date and source, for repeats.
 */
class KeyEntry implements NumberedPerson {
  /** Made a person by a lead: then listed among the people, at `order`. */
  isPerson = false;
  order = -1;
  name: string;
  phone: string | null = null;
  source = '';
  first_lead_date = '';
  /** The first lead with this key; the others, when there are more (most keys have one). */
  private date: string | null = null;
  private via: LeadSource | null = null;
  private dates: string[] | null = null;
  private sources: LeadSource[] | null = null;

  constructor(
    readonly key: string,
    /** A patient's key: the person is then matched. */
    readonly matched: boolean,
    /** The patient's own phone; an empty one is none. */
    readonly ownPhone: string | null,
    /** The patient's own name, if given; else the person goes by their first lead's. */
    readonly ownName: string | undefined,
  ) {
    this.name = ownName ?? '';
  }

  /** Whether a lead with this date and source came before under this key; if not, it is noted. */
  repeats(date: string, source: LeadSource): boolean {
    if (this.date === null) {
      this.date = date;
      this.via = source;
      return false;
    }
    if (this.date === date && this.via === source) return true;
    const { dates, sources } = this;
    if (dates === null || sources === null) {
      this.dates = [date];
      this.sources = [source];
      return false;
    }
    for (let i = 0; i < dates.length; i++) if (sources[i] === source && dates[i] === date) return true;
    dates.push(date);
    sources.push(source);
    return false;
  }
}

/**
 * Who leads are, one lead at a time (section 19): each matched to a patient by key, else by ten
 * phone digits that exactly one patient has (a line several patients share matches no one), else
 * a person of their own under their key, and each person's first touch and phone gathered as the
 * leads go by. Leads come in section 1's order (older imports first, then row order). A file's
 * reading thread attributes its leads as it reads them (import-store/import-sink.ts).
 *
 * Everything known of a key is one entry of one map, so a lead costs one lookup by its key (and
 * one by its phone when its key is no patient's), and one matched to a patient makes no new
 * object: 200,000 leads over 140,000 patients went through several maps of that size, and made
 * objects that lived to the end, which was most of the reading thread's time.
 */
export class LeadAttribution {
  private readonly byKey = new Map<string, KeyEntry>();
  /** Ten digits to the one patient who has them; null once a second patient has them too. */
  private readonly byPhone = new Map<string, KeyEntry | null>();
  /** Sources by their spelling in the leads, and by key: a few, looked up once per lead. */
  private readonly bySpelling = new Map<string, LeadSource>();
  private readonly bySourceKey = new Map<string, LeadSource>();
  /** Each person, in the order of their first lead. */
  private readonly people: KeyEntry[] = [];

  constructor(patients: readonly PatientInput[]) {
    for (const p of patients) {
      const entry = new KeyEntry(p.patient_key, true, p.phone || null, p.patient_name);
      this.byKey.set(p.patient_key, entry);
      const digits = phoneDigits(p.phone);
      if (digits === null) continue;
      const holder = this.byPhone.get(digits);
      this.byPhone.set(digits, holder === undefined ? entry : null);
    }
  }

  /** A source as the leads so far spell it: the first spelling of its key is this one when new. */
  source(spelling: string): LeadSource {
    const known = this.bySpelling.get(spelling);
    if (known) return known;
    const key = sourceKey(spelling);
    let source = this.bySourceKey.get(key);
    if (!source) {
      source = { key, spelling };
      this.bySourceKey.set(key, source);
    }
    this.bySpelling.set(spelling, source);
    return source;
  }

  /** The lead's person's key; the lead counts towards that person's first touch and phone. */
  add(lead: LeadInput): string {
    return this.attribute(lead, this.source(lead.source), this.entry(lead.patient_key)).key;
  }

  /**
   * As add, but a lead with the key, date and source (case-folded) of one added before is the
   * same lead (section 19): it is not counted again, and null is answered. Else the lead's person.
   */
  addOnce(lead: LeadInput, source: LeadSource): NumberedPerson | null {
    const entry = this.entry(lead.patient_key);
    if (entry.repeats(lead.lead_date, source)) return null;
    return this.attribute(lead, source, entry);
  }

  /** Whether a lead repeats one seen before (as addOnce says), noting it if not; who it is is not asked. */
  repeats(lead: LeadInput, source: LeadSource): boolean {
    return this.entry(lead.patient_key).repeats(lead.lead_date, source);
  }

  /** Each person so far, in the order of their first lead, their source as first spelled. */
  finish(): { people: readonly LeadPerson[]; sourceNames: Map<string, string> } {
    const sourceNames = new Map<string, string>();
    for (const { key, spelling } of this.bySourceKey.values()) sourceNames.set(key, spelling);
    return { people: this.people, sourceNames };
  }

  private entry(key: string): KeyEntry {
    let entry = this.byKey.get(key);
    if (entry === undefined) {
      entry = new KeyEntry(key, false, null, undefined);
      this.byKey.set(key, entry);
    }
    return entry;
  }

  private attribute(lead: LeadInput, source: LeadSource, own: KeyEntry): KeyEntry {
    // Matched by key, else by the phone only one patient has, else a person under the lead's key.
    let person = own;
    if (!own.matched) {
      const digits = phoneDigits(lead.phone);
      person = (digits === null ? null : this.byPhone.get(digits)) ?? own;
    }
    const leadPhone = lead.phone?.trim() ? lead.phone : null;
    if (!person.isPerson) {
      person.isPerson = true;
      if (person.ownName === undefined) person.name = lead.patient_name;
      // An empty phone of the files is none: the person's leads give theirs instead.
      person.phone = person.ownPhone ?? leadPhone;
      person.source = source.spelling;
      person.first_lead_date = lead.lead_date;
      person.order = this.people.length;
      this.people.push(person);
      return person;
    }
    if (leadPhone !== null && !person.ownPhone) person.phone = leadPhone;
    if (lead.lead_date < person.first_lead_date) {
      person.first_lead_date = lead.lead_date;
      person.source = source.spelling;
    }
    return person;
  }
}

/** Every lead attributed at once (LeadAttribution). Pure. */
export function attributeLeads(leads: readonly LeadInput[], patients: readonly PatientInput[]): Attribution {
  const attribution = new LeadAttribution(patients);
  const personOf = leads.map((lead) => attribution.add(lead));
  const { people, sourceNames } = attribution.finish();
  return { personOf, people: new Map(people.map((p) => [p.key, p])), sourceNames };
}
