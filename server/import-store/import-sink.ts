import type { ImportKind } from '../../common/api/imports';
import { type CopyLine, CopyText, copyNullable, copyString, patientLine } from '../db/copy-text';
import { LeadAttribution } from '../domain/leads';
import type { IgnoreRecord, ImportRecord, LeadRecord, ProcedureRecord, RecordBatch } from '../file-reading';
import type { ImportLimits } from '../platform/import-limits';
import { ProcedureDigest } from '../scoresheet/procedure-digest';
import { appointmentLine, leadLine, procedureLine } from './copy-text';
import { type FigureLeads, type FigurePeople, FiguresPacker } from './figures-pack';
import { ImportTally } from './tally';

/** What a reading thread is told about the import it reads for. */
export interface SinkOptions {
  kind: ImportKind;
  /** The codes with a code mapping when the import began (for the unmapped codes it reports). */
  mapped: string[];
  /**
   * The codes that can set a flag or date a case, when the file replaces every procedure: then the
   * patients, offices and scoresheet are rebuilt from what goes by (ProcedureDigest). Else null.
   */
  meaningful: string[] | null;
  limits: ImportLimits;
  /** Server-local today, YYYY-MM-DD (docs/behaviour.md section 10). */
  today: string;
  /**
   * When a Leads file's leads become all the leads (a replace, or the first leads): the patient
   * rows, which they are matched to, so that who they are is worked out as they are read. Else
   * absent. As the database gave it (readLeadPatients in scoresheet/lead-people.ts), parsed here.
   */
  leadPatients?: string | null;
}

/** The patient rows, as JSON: those of the two reports, and the names only on the Ignore List. */
export interface LeadPatients {
  /** The patients of the two reports, whom leads match, by key... */
  keys: string[];
  /** ...with their names and phones, in the same order. */
  names: string[];
  phones: (string | null)[];
  /** The names only on the Ignore List: each has a patient row already, kept as it is. */
  listed: string[];
  listedNames: string[];
}

const LINE_OF: Partial<Record<ImportKind, CopyLine<never>>> = {
  'raw-data': procedureLine,
  'future-scheduled': appointmentLine,
};

/**
 * Where the records of one import go as they are read: counted (ImportTally), digested when they
 * replace every procedure, and made COPY text for their table in chunks of whole rows. An Ignore
 * List is merged row by row instead (ON CONFLICT), so its records are kept as they are.
 */
export class ImportSink<K extends ImportKind = ImportKind> {
  readonly tally: ImportTally;
  readonly digest: ProcedureDigest | null;
  private readonly text = new CopyText();
  private readonly line: CopyLine<ImportRecord<K>> | undefined;
  private readonly kept: IgnoreRecord[] = [];
  /**
   * A Leads file's leads so far: a later row with the key, date and source of one is the same
   * lead, counted but not stored again (docs/behaviour.md section 19). Who they are too, when they
   * become all the leads (`attributed`). Null for the other kinds.
   */
  private readonly leads: LeadAttribution | null;
  private readonly attributed: boolean;
  /** The display names of the names only on the Ignore List, by key. */
  private readonly listed = new Map<string, string>();
  /** The leads and people as the figures read them, made for the server's thread (figures-pack.ts). */
  private readonly figures = new FiguresPacker();

  constructor(options: SinkOptions & { kind: K }) {
    this.tally = new ImportTally(options.kind, new Set(options.mapped), options.limits, options.today);
    this.digest =
      options.kind === 'raw-data' && options.meaningful
        ? new ProcedureDigest(new Set(options.meaningful))
        : null;
    this.line = LINE_OF[options.kind] as CopyLine<ImportRecord<K>> | undefined;
    const json = options.kind === 'leads' ? options.leadPatients : null;
    this.attributed = Boolean(json);
    const given: LeadPatients = json
      ? JSON.parse(json)
      : { keys: [], names: [], phones: [], listed: [], listedNames: [] };
    this.leads =
      options.kind === 'leads'
        ? new LeadAttribution(
            given.keys.map((key, i) => ({
              patient_key: key,
              phone: given.phones[i] ?? null,
              patient_name: given.names[i],
            })),
          )
        : null;
    for (const [i, key] of given.listed.entries()) this.listed.set(key, given.listedNames[i]);
  }

  add(batch: RecordBatch<K>): void {
    this.tally.add(batch);
    this.digest?.add(batch.records as ProcedureRecord[]);
    const leads = this.leads;
    if (leads !== null) {
      for (const record of batch.records as LeadRecord[]) {
        const source = leads.source(record.source);
        if (!this.attributed) {
          // Merged: who they are is worked out by the database once they are stored.
          if (!leads.repeats(record, source)) this.text.add(leadLine(record, source.key, record.patient_key));
          continue;
        }
        const person = leads.addOnce(record, source);
        if (person === null) continue;
        this.text.add(leadLine(record, source.key, person.key));
        this.figures.add(person.order, person.key, record.lead_date, source.spelling, record.location);
      }
      return;
    }
    if (!this.line) {
      this.kept.push(...(batch.records as IgnoreRecord[]));
      return;
    }
    for (const record of batch.records) this.text.add(this.line(record));
  }

  /**
   * Once every row has gone by, who the leads are, when they were attributed as they went by:
   * each person's first touch and phone, as COPY text of `lead_people` (docs/behaviour.md section 19).
   */
  leadPeople(): Uint8Array[] | null {
    if (!this.leads || !this.attributed) return null;
    const people = new CopyText();
    for (const p of this.leads.finish().people)
      people.add(
        `${copyString(p.key)},${copyString(p.source)},${p.first_lead_date},${copyNullable(p.phone)}\n`,
      );
    return people.take(true);
  }

  /**
   * After leadPeople, a patient row for each person known only from leads, but for a name only on
   * the Ignore List, which has one already (section 19).
   */
  leadOnlyPatients(): Uint8Array[] {
    if (!this.leads || !this.attributed) return [];
    const own: string[] = [];
    for (const p of this.leads.finish().people)
      if (!p.matched && !this.listed.has(p.key)) own.push(patientLine(p.key, p.name, p.phone, true));
    // Nearly in key order, as the patients' index keeps them, so that each row goes next to the one
    // before: each line begins with its key, and strings sort several times faster by themselves
    // than by a comparison of ours (a quote or a key that begins another may land a row elsewhere).
    own.sort();
    const rows = new CopyText();
    for (const line of own) rows.add(line);
    return rows.take(true);
  }

  /** The people of leadPeople as the figures read them, a batch at a time, once every lead is taken. */
  figurePeople(): Iterable<FigurePeople> {
    if (!this.leads || !this.attributed) return [];
    // Their name as their patient row has it: a patient's own (p.name then), else their first lead's.
    return this.figures.takePeople(
      this.leads.finish().people,
      (p) => (p.matched ? undefined : this.listed.get(p.key)) ?? p.name,
    );
  }

  /** The leads as the figures read them, a batch at a time: with `all`, every one left. */
  figureLeads(all = false): FigureLeads | null {
    return this.figures.takeLeads(all);
  }

  /** COPY text ready to store: the chunks filled, or with `all` everything that is left. */
  take(all = false): Uint8Array[] {
    return this.text.take(all);
  }

  /** The Ignore List records read since the last call. */
  takeRecords(): IgnoreRecord[] {
    return this.kept.splice(0);
  }
}
