/**
 * The small parts of an XLSX workbook that say where its sheets are and how to read their cells:
 * the workbook's relationships, the workbook (sheet order, date system) and the styles (which
 * cells show dates). Read with a general XML parser, prefixes and all; the large parts (sheets,
 * shared strings) are scanned by sheet-xml.ts.
 */

import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // `<x:sheet>` and `r:id` read as `sheet` and `id`.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Relationship' || name === 'sheet' || name === 'numFmt' || name === 'xf',
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export interface Relationship {
  id: string;
  target: string;
  type: string;
}

export function parseRelationships(xml: string): Relationship[] {
  return list(node(parser.parse(xml).Relationships).Relationship).map((r) => ({
    id: text(r.Id) ?? '',
    target: text(r.Target) ?? '',
    type: text(r.Type) ?? '',
  }));
}

export interface WorkbookInfo {
  /** Relationship ids of the sheets, in the workbook's order. */
  sheetIds: string[];
  /** Serial dates count from 1904 (old Mac workbooks), written `1` or `true`. */
  date1904: boolean;
}

export function parseWorkbook(xml: string): WorkbookInfo {
  const workbook = node(parser.parse(xml).workbook);
  const flag = text(node(workbook.workbookPr).date1904)?.trim().toLowerCase();
  return {
    sheetIds: list(node(workbook.sheets).sheet)
      .map((s) => text(s.id))
      .filter((id): id is string => id !== undefined),
    date1904: flag === '1' || flag === 'true',
  };
}

/** A number format that shows a date or time: y, m, d, h, s or b outside quotes and brackets. */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/**
 * Built-in number formats (ECMA-376 part 1, 18.8.30) that show dates or times: 14-22 and 45-47,
 * and the East Asian date formats 27-36 and 50-58.
 */
function isBuiltInDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/** Whether a cell style (the `s` index of a cell) shows a date, from the styles part. */
export function parseDateStyles(xml: string | undefined): (style: number) => boolean {
  if (!xml) return () => false;
  const sheet = node(parser.parse(xml).styleSheet);
  const custom = new Map(
    list(node(sheet.numFmts).numFmt).map((f) => [Number(text(f.numFmtId)), text(f.formatCode)]),
  );
  const dates = list(node(sheet.cellXfs).xf).map((xf) => {
    const id = Number(text(xf.numFmtId) ?? 0);
    return custom.has(id) ? isDateFormat(custom.get(id)) : isBuiltInDate(id);
  });
  return (style) => dates[style] ?? false;
}
