import type { ImportKind } from '../../common/api/imports';
import { type CopyLine, CopyText } from '../db/copy-text';
import type { IgnoreRecord, ImportRecord, LeadRecord, ProcedureRecord, RecordBatch } from '../file-reading';
import type { ImportLimits } from '../platform/import-limits';
import { ProcedureDigest } from '../scoresheet/procedure-digest';
import { appointmentLine, leadKey, leadLine, procedureLine } from './copy-text';
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
}

const LINE_OF: Partial<Record<ImportKind, CopyLine<never>>> = {
  'raw-data': procedureLine,
  'future-scheduled': appointmentLine,
  leads: leadLine,
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
   * A Leads file's leads so far, by key, date and source: a later row with all three is the same
   * lead, counted but not stored again (docs/behaviour.md section 19). Null for the other kinds.
   */
  private readonly leads: Set<string> | null;

  constructor(options: SinkOptions & { kind: K }) {
    this.tally = new ImportTally(options.kind, new Set(options.mapped), options.limits, options.today);
    this.digest =
      options.kind === 'raw-data' && options.meaningful
        ? new ProcedureDigest(new Set(options.meaningful))
        : null;
    this.line = LINE_OF[options.kind] as CopyLine<ImportRecord<K>> | undefined;
    this.leads = options.kind === 'leads' ? new Set() : null;
  }

  add(batch: RecordBatch<K>): void {
    this.tally.add(batch);
    this.digest?.add(batch.records as ProcedureRecord[]);
    if (!this.line) {
      this.kept.push(...(batch.records as IgnoreRecord[]));
      return;
    }
    const leads = this.leads;
    if (leads === null) {
      for (const record of batch.records) this.text.add(this.line(record));
      return;
    }
    for (const record of batch.records) {
      const key = leadKey(record as LeadRecord);
      if (leads.has(key)) continue;
      leads.add(key);
      this.text.add(this.line(record));
    }
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
