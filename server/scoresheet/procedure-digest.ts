import { CopyText, patientLine } from '../db/copy-text';
import type { ProcedureRecord } from '../file-reading';

/** A procedure the scoresheet reads, as streamed: its name and office spelling are settled later. */
export type DigestedProcedure = Pick<
  ProcedureRecord,
  'patient_key' | 'date' | 'code' | 'provider' | 'location'
>;

/** A patient as the digest keeps it. */
interface SeenPatient {
  key: string;
  name: string;
  location: string | null;
  phone: string | null;
}

/**
 * What an import that replaces every Full Arch Report procedure learns of its rows as they stream
 * into the table: then these rows are the whole table, in id order, and the patients, offices and
 * scoresheet are rebuilt from this instead of reading 600,000 rows back (docs/performance.md).
 * Each part holds exactly what the rebuild's SQL would find (docs/behaviour.md sections 1, 4, 11).
 */
export class ProcedureDigest {
  /**
   * Each patient key's display name as first seen, the first office its procedures name and the
   * last phone they give.
   */
  readonly patients = new Map<string, SeenPatient>();
  /** Every office spelling, in the order first seen. */
  readonly locations = new Set<string>();
  /** The procedures whose code can set a flag or date a case, in row order. */
  readonly meaningful: DigestedProcedure[] = [];
  // Dates, codes, providers and offices repeat: each is held once.
  private readonly pool = new Map<string, string>();

  constructor(private readonly meaningfulCodes: ReadonlySet<string>) {}

  add(records: readonly ProcedureRecord[]): void {
    // One lookup per row: this runs for every row of the largest files, while they are read.
    let lastLocation: string | null = null;
    // A patient's procedures of one visit are consecutive rows: the lookup of the row before
    // serves them (a table of 100,000s of patients is slow to look into, row after row).
    let lastKey: string | null = null;
    let last: SeenPatient | undefined;
    for (const r of records) {
      let seen = r.patient_key === lastKey ? last : this.patients.get(r.patient_key);
      if (seen === undefined) {
        const key = detached(r.patient_key);
        seen = { key, name: detached(r.patient_name), location: this.shared(r.location), phone: null };
        this.patients.set(key, seen);
      } else if (seen.location === null) seen.location = this.shared(r.location);
      lastKey = r.patient_key;
      last = seen;
      // Most rows repeat the phone the patient's row before gave: kept once.
      if (r.phone !== null && r.phone !== seen.phone) seen.phone = detached(r.phone);
      if (r.location !== null && r.location !== lastLocation) {
        this.locations.add(this.shared(r.location) as string);
        lastLocation = r.location;
      }
      if (this.meaningfulCodes.has(r.code)) {
        this.meaningful.push({
          patient_key: seen.key,
          date: this.shared(r.date) as string,
          code: this.shared(r.code) as string,
          provider: this.shared(r.provider) as string,
          location: this.shared(r.location),
        });
      }
    }
  }

  /**
   * Each patient key with its display name and phone, as the patients table's COPY text, in the
   * order first seen: the new table they fill builds its key's index once they are in, a sort in
   * the database far quicker than one here (db/fresh-table.ts).
   */
  patientsText(): Uint8Array[] {
    const text = new CopyText();
    for (const { key, name, phone } of this.patients.values()) text.add(patientLine(key, name, phone));
    return text.take(true);
  }

  private shared(value: string | null): string | null {
    if (value === null) return null;
    let held = this.pool.get(value);
    if (held === undefined) {
      held = detached(value);
      this.pool.set(held, held);
    }
    return held;
  }
}

/**
 * A copy of `s` that keeps nothing else alive. A string cut from a larger one (a field from a
 * chunk of the file) can keep the whole chunk in memory for as long as it is held; the digest
 * holds its strings to the end of the import, which would keep most of the file's text.
 */
function detached(s: string): string {
  return ` ${s}`.slice(1);
}
