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

// What the quick reading of a cell's opening tag found (plainCellTag): kept here, not in an
// object per cell, as millions of cells pass.
let tagColumn = 0;
let tagRef = -1;
let tagRefEnd = -1;
let tagStyle = 0;
let tagType: string | undefined;

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** A cell's type attribute as typedValue reads it: a type it does not know reads as a number. */
function typeAt(xml: string, from: number, to: number): string | undefined | null {
  const length = to - from;
  const first = xml.charCodeAt(from);
  if (length === 1) {
    if (first === 115) return 's';
    if (first === 98) return 'b';
    if (first === 101) return 'e';
    if (first === 100) return 'd';
  } else if (length === 3 && xml.startsWith('str', from)) return 'str';
  // An inline string is read by the generic reading.
  else if (length === 9 && xml.startsWith('inlineStr', from)) return null;
  return undefined;
}

/**
 * Reads the attributes of a `<c ...>` tag between `from` (after its name) and `gt` (its `>`) in
 * one pass, as attribute() reads them, into the tag* variables; false when the tag is anything but
 * plain name="value" pairs whose values hold no white space (the generic reading then decides, so
 * that both read every tag alike).
 */
function plainCellTag(xml: string, from: number, gt: number): boolean {
  tagRef = -1;
  tagRefEnd = -1;
  tagColumn = 0;
  tagStyle = 0;
  tagType = undefined;
  let sawStyle = false;
  let sawType = false;
  let i = from;
  for (;;) {
    const before = i;
    while (i < gt && isSpace(xml.charCodeAt(i))) i++;
    if (i >= gt || (i === gt - 1 && xml.charCodeAt(i) === 47)) return true;
    // attribute() takes a name only after white space, and only spaces around its `=`.
    if (i === before) return false;
    const name = i;
    while (i < gt) {
      const code = xml.charCodeAt(i);
      if (code === 61 || isSpace(code) || code === 47) break;
      i++;
    }
    const nameLength = i - name;
    while (i < gt && xml.charCodeAt(i) === 32) i++;
    if (nameLength === 0 || xml.charCodeAt(i) !== 61) return false;
    i++;
    while (i < gt && xml.charCodeAt(i) === 32) i++;
    const quote = xml.charCodeAt(i);
    if (quote !== 34 && quote !== 39) return false;
    const start = i + 1;
    let end = start;
    while (end < gt) {
      const code = xml.charCodeAt(end);
      if (code === quote) break;
      if (isSpace(code) || code === 61) return false;
      end++;
    }
    if (end >= gt) return false;
    if (nameLength === 1) {
      const which = xml.charCodeAt(name);
      if (which === 114 && tagRef === -1) {
        tagRef = start;
        tagRefEnd = end;
        for (let k = start; k < end; k++) {
          const code = xml.charCodeAt(k);
          if (code >= 65 && code <= 90) tagColumn = tagColumn * 26 + code - 64;
          else if (code >= 97 && code <= 122) tagColumn = tagColumn * 26 + code - 96;
          else break;
        }
      } else if (which === 115 && !sawStyle) {
        sawStyle = true;
        if (end === start || end - start > 9) return false;
        for (let k = start; k < end; k++) {
          const digit = xml.charCodeAt(k) - 48;
          if (digit < 0 || digit > 9) return false;
          tagStyle = tagStyle * 10 + digit;
        }
      } else if (which === 116 && !sawType) {
        sawType = true;
        if (end === start) return false;
        const type = typeAt(xml, start, end);
        if (type === null) return false;
        tagType = type;
      }
    }
    i = end + 1;
  }
}

/** Places a cell's value at its column (`refCol`, or after the one before when 0); the new column. */
function place(cells: Cell[], col: number, refCol: number, ref: string | undefined, value: Cell): number {
  const at = refCol > 0 ? refCol : col + 1;
  // The row is filled up to the cell's column: a reference past XFD must not size it.
  if (at > SHEET_LIMITS.columns) throw columnBeyondSheet(at, ref);
  while (cells.length < at - 1) cells.push(null);
  cells[at - 1] = value;
  return at;
}

/** The cells of a row's content from its first cell on, every tag read as a whole (cellValue). */
export function genericCells(xml: string, cells: Cell[], col: number, ctx: SheetContext, tags: Tags): Cell[] {
  let from = 0;
  for (;;) {
    const at = findTag(xml, tags.c, from);
    if (at === -1) break;
    const open = xml.indexOf('>', at);
    if (open === -1) break;
    const tag = xml.slice(at, open);
    const ref = attribute(tag, 'r');
    let value: Cell = null;
    if (xml[open - 1] === '/') {
      from = open + 1;
    } else {
      const close = xml.indexOf(tags.cClose, open);
      if (close === -1) break;
      value = cellValue(tag, xml.slice(open + 1, close), ctx, tags);
      from = close + tags.cClose.length;
    }
    col = place(cells, col, ref === undefined ? 0 : columnOf(ref), ref, value);
  }
  return cells;
}

/**
 * The cells of the row content between `from` and `to` in `xml`, placed by column. Cells written
 * as most writers write them (`<c r="B2" s="3" t="str"><v>text</v></c>`, or empty) are read in
 * one pass over the text, with no copy of their tag or content; from the first that is not, the
 * rest of the row is read by genericCells, which reads every cell alike.
 */
function rowCells(xml: string, from: number, to: number, ctx: SheetContext, tags: Tags): Cell[] {
  const cells: Cell[] = [];
  const cOpen = `<${tags.c}`;
  const vOpen = `<${tags.v}>`;
  const vClose = `</${tags.v}>`;
  const quickEnd = vClose.length + tags.cClose.length;
  let col = 0;
  for (;;) {
    // The next tag: the search stops at the row's own end, as every row ends with a tag.
    const at = xml.indexOf('<', from);
    if (at === -1 || at >= to) return cells;
    const open = xml.indexOf('>', at);
    const afterName = at + cOpen.length;
    if (
      !xml.startsWith(cOpen, at) ||
      !(isSpace(xml.charCodeAt(afterName)) || afterName === open || xml.charCodeAt(afterName) === 47) ||
      open === -1 ||
      open >= to ||
      !plainCellTag(xml, afterName, open)
    )
      return genericCells(xml.slice(at, to), cells, col, ctx, tags);
    let value: Cell = null;
    if (xml.charCodeAt(open - 1) === 47) from = open + 1;
    else {
      const start = open + 1 + vOpen.length;
      const end = xml.indexOf('<', start);
      if (
        !xml.startsWith(vOpen, open + 1) ||
        end === -1 ||
        !xml.startsWith(vClose, end) ||
        !xml.startsWith(tags.cClose, end + vClose.length) ||
        end + quickEnd > to
      )
        return genericCells(xml.slice(at, to), cells, col, ctx, tags);
      value = typedValue(tagType, xml.slice(start, end), tagStyle, ctx);
      from = end + quickEnd;
    }
    col = place(cells, col, tagColumn, tagRef >= 0 ? xml.slice(tagRef, tagRefEnd) : undefined, value);
  }
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
      let close = open + 1;
      let end: number;
      if (xml[open - 1] === '/') {
        end = open + 1;
      } else {
        close = xml.indexOf(tags.rowClose, open);
        if (close === -1) {
          from = at;
          break;
        }
        end = close + tags.rowClose.length;
      }
      const r = Number.parseInt(attribute(tag, 'r') ?? '', 10);
      const row = Number.isInteger(r) && r > 0 ? r : this.lastRow + 1;
      if (row > SHEET_LIMITS.rows) throw rowBeyondSheet(row);
      this.lastRow = row;
      rows.push({ row, cells: rowCells(xml, open + 1, close, this.ctx, tags) });
      from = end;
    }
    this.buffer = xml.slice(from);
    return rows;
  }
}
