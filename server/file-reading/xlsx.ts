/**
 * XLSX read from its zip (`zip.ts`, which refuses zip bombs and encrypted parts). The small parts
 * (relationships, workbook, styles) are parsed by `workbook-parts.ts`; the worksheet and the shared
 * strings, which hold all the data, are scanned by `sheet-xml.ts`, several times faster than a
 * general XML parser on a large sheet. Sheets are read in workbook order.
 */

import { posix } from 'node:path';
import { unreadable } from './errors';
import type { HeaderSearch } from './headers';
import {
  PLAIN_TAGS,
  rootTags,
  type SheetContext,
  SheetXmlScanner,
  stringItemText,
  type Tags,
} from './sheet-xml';
import { firstSheetWithHeader, type RowRuns, type RowSource } from './source';
import { parseDateStyles, parseRelationships, parseWorkbook, type Relationship } from './workbook-parts';
import { openZipText, readZipDirectory, type ZipDirectory, type ZipEntry } from './zip';

/** A small part's whole text, or undefined when the workbook has no such part. */
async function partText(zip: ZipDirectory, entry: ZipEntry | undefined): Promise<string | undefined> {
  if (!entry) return undefined;
  const stream = await openZipText(zip, entry);
  let text = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) text += chunk;
  } finally {
    stream.destroy();
  }
  return text;
}

/** The shortest cell that uses a shared string: `<c t="s"><v>0</v></c>`. */
const SHARED_CELL_BYTES = 21;
/** Strings a writer may keep that no cell uses (Excel drops them on save; others may not). */
const UNUSED_STRINGS_SLACK = 10_000;

/**
 * How many shared strings the sheets could use at most, from their inflated sizes (which zip.ts
 * enforces as they are read): a strings part holding more is not a workbook any writer makes, and
 * holding its items would size memory by what it claims rather than by what the sheets hold.
 */
function sharedStringsCapacity(sheets: readonly ZipEntry[]): number {
  const sheetBytes = sheets.reduce((sum, sheet) => sum + sheet.uncompressedSize, 0);
  return Math.floor(sheetBytes / SHARED_CELL_BYTES) + UNUSED_STRINGS_SLACK;
}

/** The `<si>` items of the shared strings part, in order; refused past `maxItems`. */
async function readSharedStrings(
  zip: ZipDirectory,
  entry: ZipEntry | undefined,
  maxItems: number,
): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  const add = (text: string) => {
    if (strings.length >= maxItems) throw unreadable();
    strings.push(text);
  };
  const stream = await openZipText(zip, entry);
  let buffer = '';
  let tags: Tags | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      buffer += chunk;
      tags ??= rootTags(buffer, 'sst') ?? (buffer.length > 65_536 ? PLAIN_TAGS : null);
      if (!tags) continue;
      let from = 0;
      for (;;) {
        const at = buffer.indexOf(`<${tags.si}`, from);
        if (at === -1) break;
        const open = buffer.indexOf('>', at);
        if (open === -1) break;
        if (buffer[open - 1] === '/') {
          add('');
          from = open + 1;
          continue;
        }
        const close = buffer.indexOf(tags.siClose, open);
        if (close === -1) break;
        add(stringItemText(buffer.slice(open + 1, close), tags));
        from = close + tags.siClose.length;
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
function sheetEntries(zip: ZipDirectory, rels: Relationship[], sheetIds: string[]): ZipEntry[] {
  const targets = new Map(rels.map((rel) => [rel.id, rel.target]));
  const ordered = sheetIds
    .map((id) => targets.get(id))
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
  rels: Relationship[],
  type: string,
  fallback: string,
): ZipEntry | undefined {
  const rel = rels.find((r) => r.type.endsWith(`/${type}`));
  return zip.entries.get(rel ? resolveTarget(rel.target) : fallback);
}

async function* sheetRows(zip: ZipDirectory, entry: ZipEntry, ctx: SheetContext): RowRuns {
  const stream = await openZipText(zip, entry);
  const scanner = new SheetXmlScanner(ctx);
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const rows = scanner.push(chunk);
      if (rows.length > 0) yield rows;
    }
  } finally {
    stream.destroy();
  }
}

export async function openXlsx(filePath: string, search: HeaderSearch): Promise<RowSource> {
  const zip = await readZipDirectory(filePath);
  const workbookXml = await partText(zip, zip.entries.get('xl/workbook.xml'));
  if (workbookXml === undefined) throw unreadable();
  const rels = parseRelationships((await partText(zip, zip.entries.get('xl/_rels/workbook.xml.rels'))) ?? '');
  const workbook = parseWorkbook(workbookXml);
  const sheets = sheetEntries(zip, rels, workbook.sheetIds);
  const ctx: SheetContext = {
    sharedStrings: await readSharedStrings(
      zip,
      partEntry(zip, rels, 'sharedStrings', 'xl/sharedstrings.xml'),
      sharedStringsCapacity(sheets),
    ),
    isDateStyle: parseDateStyles(await partText(zip, partEntry(zip, rels, 'styles', 'xl/styles.xml'))),
    date1904: workbook.date1904,
  };
  return firstSheetWithHeader(
    sheets.map((entry) => () => sheetRows(zip, entry, ctx)),
    search,
  );
}
