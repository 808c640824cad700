/** Formats, styles and small helpers shared by the two spreadsheet exports (docs/behaviour.md section 9). */
import type ExcelJS from 'exceljs';
import { monthLabel as shortMonthLabel } from '../../common/months';

/** Dollars and cents, negatives red, zero shown as '-' as on the dashboard (docs/screens.md section 9). */
export const CURRENCY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00;"-"';
/** The win rate is sent rounded to one decimal; the cell shows exactly that. */
export const RATE_FORMAT = '0.0';
export const DECIMAL_FORMAT = '0.00';
export const DATE_FORMAT = 'yyyy-mm-dd';

export const BOLD: Partial<ExcelJS.Font> = { bold: true };
const TITLE_FONT: Partial<ExcelJS.Font> = { bold: true, size: 14 };
const NOTE_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF666666' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };

/** `2026-01` reads `Jan 2026`; anything else (TBD) is shown as it is. */
export const monthLabel = (key: string): string => shortMonthLabel(key, true);

/**
 * A `YYYY-MM-DD` calendar date as the Date ExcelJS turns into a whole-day serial. Built from UTC
 * parts because ExcelJS converts with getTime(): a local-time Date would shift by the server's offset.
 */
export function excelDate(date: string | null): Date | null {
  const m = date === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** `2026-03-04 10:30 UTC`: the server's clock, stated in UTC so readers in any zone agree. */
export function generatedLabel(at: Date): string {
  return `Generated ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Writes a title line and a generated line, leaves a blank row, and returns the header row number.
 * The values are plain strings: ExcelJS stores a string as a string cell even when it starts with '='.
 */
export function writeTitle(ws: ExcelJS.Worksheet, title: string, generatedAt: Date): number {
  ws.getCell(1, 1).value = title;
  ws.getCell(1, 1).font = TITLE_FONT;
  ws.getCell(2, 1).value = generatedLabel(generatedAt);
  ws.getCell(2, 1).font = NOTE_FONT;
  return 4;
}

export function styleHeader(row: ExcelJS.Row): void {
  row.eachCell((cell) => {
    cell.font = BOLD;
    cell.fill = HEADER_FILL;
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
}

/** Keeps everything above and including `headerRow` (and `columns` on the left) in view. */
export function freezeAt(ws: ExcelJS.Worksheet, headerRow: number, columns = 0): void {
  ws.views = [{ state: 'frozen', ySplit: headerRow, xSplit: columns }];
}

/**
 * Printing as a meeting needs it: landscape, every column on one page across (as many pages down
 * as the rows take), the title and header rows (1 to `headerRow`) repeated at the top of every
 * page, and the sheet name and page number at the foot.
 */
export function printSetup(headerRow: number): Partial<ExcelJS.PageSetup> {
  return {
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `1:${headerRow}`,
    margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
  };
}

/** `&A` is the sheet's name, `&P of &N` the page of the sheet's pages. */
export const PRINT_FOOTER = '&LFull Arch Tracker - Confidential&C&A&RPage &P of &N';

/** Freezes the rows down to the header (and `columns` on the left) and sets the sheet up for printing. */
export function frameSheet(ws: ExcelJS.Worksheet, headerRow: number, columns = 0): void {
  freezeAt(ws, headerRow, columns);
  ws.pageSetup = { ...ws.pageSetup, ...printSetup(headerRow) };
  ws.headerFooter = { ...ws.headerFooter, oddFooter: PRINT_FOOTER };
}

/** A width that fits the longest text, within bounds so one long name cannot swamp the sheet. */
export function fitWidth(texts: Iterable<string>, min: number, max = 45): number {
  let longest = 0;
  for (const t of texts) longest = Math.max(longest, t.length);
  return Math.min(max, Math.max(min, longest + 2));
}

/** ExcelJS promises its own Buffer-like type; Node's Buffer is what the route sends. */
export async function toBuffer(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}
