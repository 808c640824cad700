/**
 * An RFC 4180 parser fed chunk by chunk, so a file of any size is parsed with one chunk in memory.
 * It is lenient where spreadsheet programs are: a quote inside an unquoted field is a character,
 * text after a closing quote joins the field, an unterminated quote runs to the end of the file,
 * and a lone CR ends a line like CRLF and LF.
 */

const QUOTE = 34;
const LF = 10;
const CR = 13;

export type Delimiter = ',' | ';' | '\t';
export const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];

export class CsvParser {
  private field = '';
  private row: string[] = [];
  private inQuotes = false;
  /** Inside quotes, the last character was a quote: the next one decides if it was `""`. */
  private quoteSeen = false;
  private atFieldStart = true;
  /** The last row ended with CR; an LF at the start of the next chunk belongs to it. */
  private skipLf = false;
  private readonly delimiter: number;

  constructor(delimiter: Delimiter) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Parses a chunk and returns the rows it completed. */
  push(chunk: string): string[][] {
    const rows: string[][] = [];
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.skipLf) {
        this.skipLf = false;
        if (chunk.charCodeAt(i) === LF) {
          i++;
          continue;
        }
      }
      if (this.inQuotes) {
        i = this.pushQuoted(chunk, i);
        continue;
      }
      if (chunk.charCodeAt(i) === QUOTE && this.atFieldStart) {
        this.inQuotes = true;
        this.atFieldStart = false;
        i++;
        continue;
      }
      // The run of ordinary characters up to the next delimiter or line end, sliced in one go.
      let j = i;
      while (j < n) {
        const c = chunk.charCodeAt(j);
        if (c === this.delimiter || c === LF || c === CR) break;
        j++;
      }
      if (j > i) {
        this.field += chunk.slice(i, j);
        this.atFieldStart = false;
        i = j;
        if (i === n) break;
      }
      const end = chunk.charCodeAt(i);
      this.row.push(this.field);
      this.field = '';
      this.atFieldStart = true;
      i++;
      if (end !== this.delimiter) {
        rows.push(this.row);
        this.row = [];
        this.skipLf = end === CR;
      }
    }
    return rows;
  }

  /** Inside a quoted field from `i`; returns where to go on. */
  private pushQuoted(chunk: string, i: number): number {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      if (chunk.charCodeAt(i) === QUOTE) {
        this.field += '"';
        return i + 1;
      }
      this.inQuotes = false;
      return i;
    }
    const q = chunk.indexOf('"', i);
    if (q === -1) {
      this.field += chunk.slice(i);
      return chunk.length;
    }
    this.field += chunk.slice(i, q);
    this.quoteSeen = true;
    return q + 1;
  }

  /** Part of a row has been read and the rest is still to come. */
  get midRow(): boolean {
    return this.row.length > 0 || !this.atFieldStart || this.inQuotes;
  }

  /** The last row when the text does not end with a line break. */
  end(): string[][] {
    const rows: string[][] = [];
    if (this.row.length > 0 || !this.atFieldStart) {
      this.row.push(this.field);
      rows.push(this.row);
    }
    this.field = '';
    this.row = [];
    this.inQuotes = false;
    this.quoteSeen = false;
    this.atFieldStart = true;
    this.skipLf = false;
    return rows;
  }
}

/** Rows of a whole text. */
export function* parseCsv(text: string, delimiter: Delimiter): Generator<string[]> {
  const parser = new CsvParser(delimiter);
  yield* parser.push(text);
  yield* parser.end();
}

/** Rows of text arriving in chunks. */
export async function* parseCsvChunks(
  chunks: AsyncIterable<string>,
  delimiter: Delimiter,
): AsyncGenerator<string[]> {
  const parser = new CsvParser(delimiter);
  for await (const chunk of chunks) yield* parser.push(chunk);
  yield* parser.end();
}

/** One line of CSV, quoting only the fields that need it (used by tests and fixtures). */
export function formatCsvRow(fields: readonly string[], delimiter: Delimiter = ','): string {
  return fields
    .map((field) =>
      field.includes('"') ||
      field.includes(delimiter) ||
      /[\r\n]/.test(field) ||
      (field === '' && fields.length === 1)
        ? `"${field.replaceAll('"', '""')}"`
        : field,
    )
    .join(delimiter);
}
