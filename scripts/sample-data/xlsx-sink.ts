// XLSX through ExcelJS's streaming writer: each row is committed as soon as it is added, so rows
// never pile up in memory. Dates are real date cells and fees are numbers in a currency format,
// which is how a spreadsheet exported by a practice system (or re-saved by staff) arrives.

import ExcelJS from 'exceljs';
import { toUtcDate } from './calendar.js';
import { type Cell, isDate, isMoney, type TableSink, type TableSpec } from './sink.js';

// Shared style objects: ExcelJS caches a style id per style object, so reusing one object per
// kind of cell avoids re-serializing a style for each of hundreds of thousands of cells.
const PLAIN: Partial<ExcelJS.Style> = {};
const DATE: Partial<ExcelJS.Style> = { numFmt: 'm/d/yyyy' };
const MONEY: Partial<ExcelJS.Style> = { numFmt: '"$"#,##0.00' };
const TITLE: Partial<ExcelJS.Style> = { font: { bold: true, size: 14 } };
const HEADER: Partial<ExcelJS.Style> = { font: { bold: true } };

type Value = string | number | Date | null;

/** Sheet XML allowed to wait for the zip before generation pauses. */
const BACKLOG_BYTES = 4 * 1024 * 1024;
const MAX_WAIT_MS = 5_000;

interface SheetInternals {
  stream?: { pipes?: { _writableState?: { length?: number } }[] };
}

export class XlsxSink implements TableSink {
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  /** `stamp` fixes the workbook's created/modified dates so reruns differ only in zip timestamps. */
  constructor(path: string, spec: TableSpec, stamp: Date) {
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: path,
      useSharedStrings: false,
      useStyles: true,
    });
    this.book.creator = 'Full Arch Tracker sample generator';
    this.book.created = stamp;
    this.book.modified = stamp;
    this.sheet = this.book.addWorksheet(spec.sheetName);
    this.sheet.columns = spec.widths.map((width) => ({ width }));
    spec.titles.forEach((title, i) => {
      this.write(title === '' ? [] : [title], () => (i === 0 ? TITLE : PLAIN));
    });
    this.write(spec.headers, () => HEADER);
  }

  row(cells: readonly Cell[]): void {
    const values: Value[] = cells.map((cell) => {
      if (isDate(cell)) return toUtcDate(cell.date);
      if (isMoney(cell)) return cell.cents / 100;
      return cell;
    });
    this.write(values, (i) => (isDate(cells[i]) ? DATE : isMoney(cells[i]) ? MONEY : PLAIN));
  }

  async flush(): Promise<void> {
    // ExcelJS pushes committed rows into the zip without back-pressure, so when rows come faster
    // than they are deflated the sheet XML piles up (hundreds of MB for 600k rows). Wait while the
    // backlog is large; the cap on waiting keeps a changed ExcelJS internal from stalling us.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let waited = 0; waited < MAX_WAIT_MS && this.backlog() > BACKLOG_BYTES; waited += 2) {
      await new Promise<void>((resolve) => setTimeout(resolve, 2));
    }
  }

  /** Bytes of sheet XML written by ExcelJS but not yet taken by the zip. This reads ExcelJS 4.4
   * internals (the sheet's StreamBuf pipes into a PassThrough that archiver reads); if they are
   * not there, it answers 0 and generation simply runs without back-pressure. */
  private backlog(): number {
    const pipes = (this.sheet as unknown as SheetInternals).stream?.pipes ?? [];
    let bytes = 0;
    for (const pipe of pipes) bytes += pipe._writableState?.length ?? 0;
    return bytes;
  }

  async close(): Promise<void> {
    this.sheet.commit();
    await this.book.commit();
  }

  private write(values: readonly Value[], style: (column: number) => Partial<ExcelJS.Style>): void {
    const row = this.sheet.addRow(values.map((v) => (v === null ? undefined : v)));
    for (let i = 0; i < values.length; i++) {
      if (values[i] !== null) row.getCell(i + 1).style = style(i);
    }
    row.commit();
  }
}
