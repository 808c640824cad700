/**
 * Rows of an XLSX worksheet part (`xl/worksheets/sheetN.xml`), read from its text as it streams
 * in. A general XML parser builds an object for every tag, attribute and text run, which makes a
 * 600,000-row sheet (about 250 MB of XML) take several seconds; a worksheet only ever holds
 * `<row>` elements of `<c>` cells inside `<sheetData>`, so this scans for those directly.
 *
 * What a cell gives (ECMA-376 part 1, 18.3.1.4 and 18.18.11):
 * - `t="s"`: the shared string at the index in `<v>`;
 * - `t="str"` / `t="inlineStr"`: the text of `<v>` / of every `<t>` in `<is>` (phonetic runs left out);
 * - `t="b"`: a boolean; `t="e"`: the error text (`#N/A`); `t="d"`: an ISO 8601 date;
 * - otherwise a number, which is a Date when the cell's style has a date format;
 * - a formula (`<f>`) gives its cached result, or its text as `=...` when there is none: a
 *   formula is never evaluated (`=HYPERLINK(...)` stays text).
 * Rows and cells without the optional `r` reference follow the one before them.
 *
 * Writers built on the Open XML SDK name the elements with a namespace prefix (`<x:row>`,
 * `<x:c>`): the prefix the part's root element uses is used for every element of the part.
 */

import { columnBeyondSheet, rowBeyondSheet, SHEET_LIMITS } from './errors';
import type { Cell, SheetRow } from './types';

export interface SheetContext {
  sharedStrings: readonly string[];
  /** True for a style index (`s`) whose number format shows a date or time. */
  isDateStyle(style: number): boolean;
  /** The workbook counts days from 1904 rather than 1900 (old Mac workbooks). */
  date1904: boolean;
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_, hex: string, dec: string, name: string) =>
    name ? NAMED[name] : String.fromCodePoint(hex ? Number.parseInt(hex, 16) : Number(dec)),
  );
}

/** The value of one attribute in an opening tag's text, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = tag.indexOf(name, from);
    if (at === -1) return undefined;
    from = at + name.length;
    const before = tag.charCodeAt(at - 1);
    // A whole attribute name: preceded by white space, followed by `=` (spaces allowed around it).
    if (before !== 32 && before !== 9 && before !== 10 && before !== 13) continue;
    let i = from;
    while (tag[i] === ' ') i++;
    if (tag[i] !== '=') continue;
    i++;
    while (tag[i] === ' ') i++;
    const quote = tag[i];
    if (quote !== '"' && quote !== "'") return undefined;
    const end = tag.indexOf(quote, i + 1);
    return end === -1 ? undefined : tag.slice(i + 1, end);
  }
}

/** The 1-based column of a reference such as `AB12`, or 0 when it has none. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) col = col * 26 + code - 64;
    else if (code >= 97 && code <= 122) col = col * 26 + code - 96;
    else break;
  }
  return col;
}

/**
 * Where the next `<name` tag starts in `xml` from `from`, or -1. The name must end there (at white
 * space, `>` or `/`): `<c` must not match `<col`, nor `<v` match `<vm`.
 */
function findTag(xml: string, name: string, from: number): number {
  let at = xml.indexOf(`<${name}`, from);
  while (at !== -1) {
    const next = xml.charCodeAt(at + name.length + 1);
    if (next === 62 || next === 47 || next === 32 || next === 9 || next === 10 || next === 13) return at;
    at = xml.indexOf(`<${name}`, at + 1);
  }
  return -1;
}

/** The text between `<name ...>` and `</name>` in `xml` from `from`, or null when absent. */
function element(xml: string, name: string, from = 0): { text: string; end: number } | null {
  const at = findTag(xml, name, from);
  if (at === -1) return null;
  const open = xml.indexOf('>', at);
  if (open === -1) return null;
  if (xml[open - 1] === '/') return { text: '', end: open + 1 };
  const close = xml.indexOf(`</${name}>`, open);
  if (close === -1) return null;
  return { text: xml.slice(open + 1, close), end: close + name.length + 3 };
}

/** Element names of SpreadsheetML, with the prefix a part uses (`x:`), or none. */
export class Tags {
  readonly row: string;
  readonly rowClose: string;
  readonly c: string;
  readonly cClose: string;
  readonly v: string;
  readonly f: string;
  readonly is: string;
  readonly t: string;
  readonly si: string;
  readonly siClose: string;
  readonly phonetic: RegExp;

  constructor(readonly prefix = '') {
    this.row = `${prefix}row`;
    this.rowClose = `</${prefix}row>`;
    this.c = `${prefix}c`;
    this.cClose = `</${prefix}c>`;
    this.v = `${prefix}v`;
    this.f = `${prefix}f`;
    this.is = `${prefix}is`;
    this.t = `${prefix}t`;
    this.si = `${prefix}si`;
    this.siClose = `</${prefix}si>`;
    const p = prefix.replace(/[.]/g, '\\.');
    this.phonetic = new RegExp(`<${p}rPh\\b[\\s\\S]*?<\\/${p}rPh>`, 'g');
  }
}

export const PLAIN_TAGS = new Tags();

/**
 * The prefix of a part's root element (`worksheet`, `sst`) as `x:` or '', once the text holds
 * its opening tag; null before.
 */
export function rootTags(xml: string, root: string): Tags | null {
  const match = new RegExp(`<(?:([A-Za-z_][\\w.-]*):)?${root}[\\s/>]`).exec(xml);
  if (!match) return null;
  return match[1] ? new Tags(`${match[1]}:`) : PLAIN_TAGS;
}

/** The text of every `<t>` in a string item (`<si>` or `<is>`), phonetic guides (`<rPh>`) left out. */
export function stringItemText(xml: string, tags: Tags = PLAIN_TAGS): string {
  const plain = xml.includes(`<${tags.prefix}rPh`) ? xml.replace(tags.phonetic, '') : xml;
  let text = '';
  let from = 0;
  for (;;) {
    const t = element(plain, tags.t, from);
    if (!t) return text;
    text += decodeXml(t.text);
    from = t.end;
  }
}

function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

function typedValue(type: string | undefined, raw: string, style: number, ctx: SheetContext): Cell {
  switch (type) {
    case 's': {
      const text = ctx.sharedStrings[Number.parseInt(raw, 10)];
      return text === undefined ? null : text;
    }
    case 'str':
    case 'inlineStr':
      return decodeXml(raw);
    case 'b':
      return raw.trim() === '1' || raw.trim() === 'true';
    case 'e':
      return decodeXml(raw);
    case 'd': {
      const date = new Date(raw.trim());
      return Number.isNaN(date.getTime()) ? decodeXml(raw) : date;
    }
    default: {
      if (raw.trim() === '') return null;
      const n = Number(raw);
      if (Number.isNaN(n)) return decodeXml(raw);
      return ctx.isDateStyle(style) ? excelDate(n, ctx.date1904) : n;
    }
  }
}

/** One `<c>` element: its opening tag's text and what stands between it and `</c>`. */
function cellValue(tag: string, body: string, ctx: SheetContext, tags: Tags): Cell {
  const type = attribute(tag, 't');
  const styleText = attribute(tag, 's');
  const style = styleText === undefined ? 0 : Number.parseInt(styleText, 10);
  const v = element(body, tags.v);
  if (type === 'inlineStr' && !v) {
    const is = element(body, tags.is);
    return is ? stringItemText(is.text, tags) : null;
  }
  const f = element(body, tags.f);
  if (f && !v) {
    const formula = decodeXml(f.text);
    return formula === '' ? null : `=${formula}`;
  }
  return v ? typedValue(type, v.text, style, ctx) : null;
}

/** The cells of one row element's content, placed by column. */
function rowCells(xml: string, ctx: SheetContext, tags: Tags): Cell[] {
  const cells: Cell[] = [];
  let col = 0;
  let from = 0;
  for (;;) {
    const at = findTag(xml, tags.c, from);
    if (at === -1) break;
    const open = xml.indexOf('>', at);
    if (open === -1) break;
    const tag = xml.slice(at, open);
    const ref = attribute(tag, 'r');
    const refCol = ref === undefined ? 0 : columnOf(ref);
    col = refCol > 0 ? refCol : col + 1;
    // The row is filled up to the cell's column: a reference past XFD must not size it.
    if (col > SHEET_LIMITS.columns) throw columnBeyondSheet(col, ref);
    let value: Cell = null;
    if (xml[open - 1] === '/') {
      from = open + 1;
    } else {
      const close = xml.indexOf(tags.cClose, open);
      if (close === -1) break;
      value = cellValue(tag, xml.slice(open + 1, close), ctx, tags);
      from = close + tags.cClose.length;
    }
    while (cells.length < col - 1) cells.push(null);
    cells[col - 1] = value;
  }
  return cells;
}

/**
 * Feeds on the sheet part's text chunk by chunk and hands back the rows completed so far; a row
 * cut by a chunk boundary waits for the next chunk.
 */
export class SheetXmlScanner {
  private buffer = '';
  private lastRow = 0;
  private tags: Tags | null = null;

  constructor(private readonly ctx: SheetContext) {}

  push(chunk: string): SheetRow[] {
    this.buffer = this.buffer === '' ? chunk : this.buffer + chunk;
    const rows: SheetRow[] = [];
    const xml = this.buffer;
    // The root element comes first; until its tag is whole, there is no row to find.
    this.tags ??= rootTags(xml, 'worksheet') ?? (xml.length > 65_536 ? PLAIN_TAGS : null);
    const tags = this.tags;
    if (!tags) return rows;
    let from = 0;
    for (;;) {
      const at = findTag(xml, tags.row, from);
      if (at === -1) {
        // Keep a possible `<ro` cut at the end; drop what came before it.
        from = Math.max(from, xml.length - tags.row.length - 2);
        break;
      }
      const open = xml.indexOf('>', at);
      if (open === -1) {
        from = at;
        break;
      }
      const tag = xml.slice(at, open);
      let body = '';
      let end: number;
      if (xml[open - 1] === '/') {
        end = open + 1;
      } else {
        const close = xml.indexOf(tags.rowClose, open);
        if (close === -1) {
          from = at;
          break;
        }
        body = xml.slice(open + 1, close);
        end = close + tags.rowClose.length;
      }
      const r = Number.parseInt(attribute(tag, 'r') ?? '', 10);
      const row = Number.isInteger(r) && r > 0 ? r : this.lastRow + 1;
      if (row > SHEET_LIMITS.rows) throw rowBeyondSheet(row);
      this.lastRow = row;
      rows.push({ row, cells: rowCells(body, this.ctx, tags) });
      from = end;
    }
    this.buffer = xml.slice(from);
    return rows;
  }
}
