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
}

/** Who a lead's person is, and their first touch. */
export interface LeadPerson {
  key: string;
  /** A patient's key; false for a person known only from leads. */
  matched: boolean;
  /** The first lead's name: the display name of a person known only from leads. */
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

/**
 * Who leads are, one lead at a time (section 19): each matched to a patient by key, else by ten
 * phone digits that exactly one patient has (a line several patients share matches no one), else
 * a person of their own under their key, and each person's first touch and phone gathered as the
 * leads go by. Leads come in section 1's order (older imports first, then row order). A file's
 * reading thread attributes its leads as it reads them (import-store/import-sink.ts).
 */
export class LeadAttribution {
  private readonly patientPhone = new Map<string, string | null>();
  /** Ten digits to the one patient who has them; null once a second patient has them too. */
  private readonly byPhone = new Map<string, string | null>();
  private readonly sourceNames = new Map<string, string>();
  private readonly people = new Map<string, LeadPerson>();

  constructor(patients: readonly PatientInput[]) {
    for (const p of patients) {
      this.patientPhone.set(p.patient_key, p.phone);
      const digits = phoneDigits(p.phone);
      if (digits === null) continue;
      const holder = this.byPhone.get(digits);
      this.byPhone.set(digits, holder === undefined || holder === p.patient_key ? p.patient_key : null);
    }
  }

  /** The lead's person's key; the lead counts towards that person's first touch and phone. */
  add(lead: LeadInput): string {
    const { patientPhone } = this;
    const key = sourceKey(lead.source);
    if (!this.sourceNames.has(key)) this.sourceNames.set(key, lead.source);
    const digits = phoneDigits(lead.phone);
    const byNumber = digits === null ? null : (this.byPhone.get(digits) ?? null);
    const matchedKey = patientPhone.has(lead.patient_key) ? lead.patient_key : byNumber;
    const personKey = matchedKey ?? lead.patient_key;
    const person = this.people.get(personKey);
    const leadPhone = lead.phone?.trim() ? lead.phone : null;
    if (person === undefined) {
      this.people.set(personKey, {
        key: personKey,
        matched: matchedKey !== null,
        name: lead.patient_name,
        // An empty phone of the files is none: the person's leads give theirs instead.
        phone: (matchedKey === null ? null : patientPhone.get(matchedKey) || null) ?? leadPhone,
        source: key,
        first_lead_date: lead.lead_date,
      });
      return personKey;
    }
    const patientHasPhone = person.matched && patientPhone.get(personKey);
    if (leadPhone !== null && !patientHasPhone) person.phone = leadPhone;
    if (lead.lead_date < person.first_lead_date) {
      person.first_lead_date = lead.lead_date;
      person.source = key;
    }
    return personKey;
  }

  /** A source as first spelled among the leads added so far (one of them has it). */
  spelling(source: string): string {
    return this.sourceNames.get(sourceKey(source)) ?? source;
  }

  /** Each person so far, in the order of their first lead, their source as first spelled. */
  finish(): Pick<Attribution, 'people' | 'sourceNames'> {
    // Sources were kept by key until every first spelling was known.
    for (const person of this.people.values())
      person.source = this.sourceNames.get(person.source) ?? person.source;
    return { people: this.people, sourceNames: this.sourceNames };
  }
}

/** Every lead attributed at once (LeadAttribution). Pure. */
export function attributeLeads(leads: readonly LeadInput[], patients: readonly PatientInput[]): Attribution {
  const attribution = new LeadAttribution(patients);
  const personOf = leads.map((lead) => attribution.add(lead));
  return { personOf, ...attribution.finish() };
}
