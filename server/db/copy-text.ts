/**
 * COPY's CSV text, written line by line: how a value is quoted (the same text as toCsv in
 * csv-text.ts), and the chunks of whole lines handed to the database. The lines of each kind of
 * import are written in uploads/copy-text.ts, from the records it reads.
 */

/**
 * A record as one line of COPY's CSV text, in its table's column order: strings quoted, so an
 * empty one is not NULL; NULL as nothing. Written straight from the record, with no array per
 * row: every row of the largest files passes here, and the arrays were a fifth of the reading
 * thread's time.
 */
export type CopyLine<R> = (record: R) => string;

/** A string, quoted: an empty one is not NULL. */
export const copyString = (v: string) => (v.indexOf('"') === -1 ? `"${v}"` : `"${v.replaceAll('"', '""')}"`);
/** A string or NULL, which is nothing at all. */
export const copyNullable = (v: string | null) => (v === null ? '' : copyString(v));

/** A patient as a line of the patients table: key, name, phone; and `lead_only` when asked for. */
export const patientLine = (key: string, name: string, phone: string | null, leadOnly?: boolean) =>
  `${copyString(key)},${copyString(name)},${copyNullable(phone)}${leadOnly === undefined ? '' : leadOnly ? ',t' : ',f'}\n`;

/** About how much COPY text goes to the database at a time, in bytes. */
export const CHUNK_BYTES = 1 << 20;

/**
 * COPY text collected line by line, each line written as UTF-8 straight into the chunk's bytes
 * (joining the lines as one string first cost a quarter of the reading thread's time), and handed
 * on in chunks of whole lines, each its own memory, so it can move to another thread uncopied.
 */
export class CopyText {
  private bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  private used = 0;
  private readonly full: Uint8Array[] = [];

  add(line: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8: the line fits when that bound does.
    if (this.used + line.length * 3 > this.bytes.length) {
      this.seal();
      if (line.length * 3 > this.bytes.length) this.bytes = Buffer.allocUnsafeSlow(line.length * 3);
    }
    this.used += this.bytes.write(line, this.used);
  }

  /**
   * The chunks filled so far, and with `all` the one being filled too; the text is then empty.
   * Each chunk is a view of its own ArrayBuffer from its start.
   */
  take(all = false): Uint8Array[] {
    if (all) this.seal();
    return this.full.splice(0);
  }

  private seal(): void {
    if (this.used === 0) return;
    this.full.push(new Uint8Array(this.bytes.buffer, 0, this.used));
    this.bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    this.used = 0;
  }
}
