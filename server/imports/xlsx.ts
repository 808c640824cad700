/**
 * XLSX read from its zip (`zip.ts`, which refuses zip bombs and encrypted parts). ExcelJS parses
 * the small parts (relationships, workbook, styles) through its internal part parsers; those are
 * internal methods, so this file is tied to exceljs 4.4. The worksheet and the shared strings,
 * which hold all the data, are scanned by `sheet-xml.ts`, several times faster than a general XML
 * parser on a large sheet. ExcelJS's own `WorkbookReader.read()` is not used: it inflates parts
 * without any limit, spools sheets that come before the shared strings to temporary files and
 * emits sheets in zip order instead of workbook order.
 */

import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unreadable } from './errors';
import type { HeaderSearch } from './headers';
import { type SheetContext, SheetXmlScanner, stringItemText } from './sheet-xml';
import { firstSheetWithHeader, type RowSource } from './source';
import type { SheetRow } from './types';
import { openZipText, readZipDirectory, type ZipDirectory, type ZipEntry } from './zip';

interface Relationship {
  Id: string;
  Target: string;
  Type?: string;
}

/** The parts of exceljs 4.4's WorkbookReader used here (see lib/stream/xlsx/workbook-reader.js). */
interface ReaderInternals {
  workbookRels?: Relationship[];
  model?: { sheets?: { rId: string }[] };
  properties?: { date1904?: boolean };
  styles?: { getStyleModel(id: number): { numFmt?: string } | null };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
}

/** A number format that shows a date or time (ExcelJS's rule: y, m, d, h, s or b outside quotes and brackets). */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

function dateStyles(reader: ReaderInternals): (style: number) => boolean {
  const known = new Map<number, boolean>();
  return (style) => {
    let date = known.get(style);
    if (date === undefined) {
      date = isDateFormat(reader.styles?.getStyleModel(style)?.numFmt);
      known.set(style, date);
    }
    return date;
  };
}

/** The `<si>` items of the shared strings part, in order. */
async function readSharedStrings(zip: ZipDirectory, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  const stream = await openZipText(zip, entry);
  let buffer = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      buffer += chunk;
      let from = 0;
      for (;;) {
        const at = buffer.indexOf('<si', from);
        if (at === -1) break;
        const open = buffer.indexOf('>', at);
        if (open === -1) break;
        if (buffer[open - 1] === '/') {
          strings.push('');
          from = open + 1;
          continue;
        }
        const close = buffer.indexOf('</si>', open);
        if (close === -1) break;
        strings.push(stringItemText(buffer.slice(open + 1, close)));
        from = close + 5;
      }
      buffer = buffer.slice(from);
    }
  } finally {
    stream.destroy();
  }
  return strings;
}

function resolveTarget(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
  return path.toLowerCase();
}

/** Worksheet entries in workbook order; by number when the workbook does not say. */
function sheetEntries(zip: ZipDirectory, reader: ReaderInternals): ZipEntry[] {
  const rels = new Map((reader.workbookRels ?? []).map((rel) => [rel.Id, rel.Target]));
  const ordered = (reader.model?.sheets ?? [])
    .map((sheet) => rels.get(sheet.rId))
    .map((target) => (target === undefined ? undefined : zip.entries.get(resolveTarget(target))))
    .filter((entry): entry is ZipEntry => entry !== undefined);
  if (ordered.length > 0) return ordered;
  const sheetNumber = (entry: ZipEntry): number => Number(/(\d+)\.xml$/.exec(entry.name)?.[1] ?? 0);
  return [...zip.entries.values()]
    .filter((entry) => /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name))
    .sort((a, b) => sheetNumber(a) - sheetNumber(b));
}

/** The part a workbook relationship of this type points at, else the usual path. */
function partEntry(
  zip: ZipDirectory,
  reader: ReaderInternals,
  type: string,
  fallback: string,
): ZipEntry | undefined {
  const rel = (reader.workbookRels ?? []).find((r) => r.Type?.endsWith(`/${type}`));
  return zip.entries.get(rel ? resolveTarget(rel.Target) : fallback);
}

async function* sheetRows(
  zip: ZipDirectory,
  entry: ZipEntry,
  ctx: SheetContext,
): AsyncGenerator<SheetRow, void> {
  const stream = await openZipText(zip, entry);
  const scanner = new SheetXmlScanner(ctx);
  try {
    for await (const chunk of stream as AsyncIterable<string>) yield* scanner.push(chunk);
  } finally {
    stream.destroy();
  }
}

export async function openXlsx(filePath: string, search: HeaderSearch): Promise<RowSource> {
  const zip = await readZipDirectory(filePath);
  const workbook = zip.entries.get('xl/workbook.xml');
  if (!workbook) throw unreadable();
  // Styles are read so that date-formatted numbers come out as Dates.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    sharedStrings: 'ignore',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as unknown as ReaderInternals;
  const parse = async (entry: ZipEntry | undefined, parser: (part: Readable) => Promise<unknown>) => {
    if (!entry) return;
    const part = await openZipText(zip, entry);
    try {
      await parser(part);
    } finally {
      part.destroy();
    }
  };
  await parse(zip.entries.get('xl/_rels/workbook.xml.rels'), (part) => reader._parseRels(part));
  await parse(workbook, (part) => reader._parseWorkbook(part));
  await parse(partEntry(zip, reader, 'styles', 'xl/styles.xml'), (part) => reader._parseStyles(part));
  const ctx: SheetContext = {
    sharedStrings: await readSharedStrings(
      zip,
      partEntry(zip, reader, 'sharedStrings', 'xl/sharedstrings.xml'),
    ),
    isDateStyle: dateStyles(reader),
    date1904: reader.properties?.date1904 === true,
  };
  const sheets = sheetEntries(zip, reader).map((entry) => () => sheetRows(zip, entry, ctx));
  return firstSheetWithHeader(sheets, search);
}
