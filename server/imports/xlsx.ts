/**
 * XLSX through ExcelJS's streaming parsers. The zip itself is read by `zip.ts` rather than by
 * `WorkbookReader.read()`, which inflates parts without any limit (zip bombs), spools sheets that
 * come before the shared strings to temporary files, emits sheets in zip order instead of workbook
 * order, and splits multi-byte characters that straddle two chunks. ExcelJS's part parsers are
 * fed our streams instead; they are internal methods, so this file is tied to exceljs 4.4.
 */

import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unreadable } from './errors';
import type { HeaderSearch } from './headers';
import { firstSheetWithHeader, type RowSource } from './source';
import type { Cell, SheetRow } from './types';
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
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

/** A cell value as ExcelJS gives it, reduced to what the records need. */
export function excelCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) {
    return v.richText
      .map((run: { text?: unknown }) => (typeof run.text === 'string' ? run.text : ''))
      .join('');
  }
  if ('formula' in v || 'sharedFormula' in v) {
    const result = excelCell(v.result);
    if (result !== null) return result;
    // No cached result: the formula is kept as text, never evaluated (e.g. =HYPERLINK(...)).
    const formula = typeof v.formula === 'string' ? v.formula : '';
    return formula === '' ? null : `=${formula}`;
  }
  if (typeof v.error === 'string') return v.error;
  if (typeof v.text === 'string') return v.text;
  return null;
}

function rowCells(row: ExcelJS.Row): Cell[] {
  const values = row.values;
  if (!Array.isArray(values)) return [];
  const cells: Cell[] = [];
  // ExcelJS numbers columns from 1 and leaves holes for empty cells.
  for (let col = 1; col < values.length; col++) cells.push(excelCell(values[col]));
  return cells;
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
  reader: ReaderInternals,
): AsyncGenerator<SheetRow, void> {
  const stream = await openZipText(zip, entry);
  try {
    for (const { value: worksheet } of reader._parseWorksheet(stream, '1')) {
      for await (const row of worksheet) yield { row: row.number, cells: rowCells(row) };
    }
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
    sharedStrings: 'cache',
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
  await parse(partEntry(zip, reader, 'sharedStrings', 'xl/sharedstrings.xml'), async (part) => {
    for await (const _ of reader._parseSharedStrings(part)) {
      // Cached by the reader; nothing is emitted in 'cache' mode.
    }
  });
  const sheets = sheetEntries(zip, reader).map((entry) => () => sheetRows(zip, entry, reader));
  return firstSheetWithHeader(sheets, search);
}
