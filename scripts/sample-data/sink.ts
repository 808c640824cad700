// One table written to several file formats at once, so a single generation pass feeds CSV,
// XLSX and XLS alike. Each format renders dates and money its own way: text in CSV, real typed
// cells in workbooks.

export interface DateCell {
  /** Day number (days since 1970-01-01). */
  date: number;
}

export interface MoneyCell {
  cents: number;
}

export type Cell = string | number | DateCell | MoneyCell | null;

export interface TableSpec {
  sheetName: string;
  /** Lines above the header, as report writers print them; '' is a blank line. */
  titles: string[];
  headers: string[];
  /** Column widths in characters, for the workbooks. */
  widths: number[];
}

export interface TableSink {
  /** Synchronous so the hot loop stays cheap; call `flush` now and then for back-pressure. */
  row(cells: readonly Cell[]): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function isDate(cell: Cell): cell is DateCell {
  return typeof cell === 'object' && cell !== null && 'date' in cell;
}

export function isMoney(cell: Cell): cell is MoneyCell {
  return typeof cell === 'object' && cell !== null && 'cents' in cell;
}

/** Fans rows out to every format's sink. */
export class MultiSink implements TableSink {
  constructor(private readonly sinks: readonly TableSink[]) {}

  row(cells: readonly Cell[]): void {
    for (const s of this.sinks) s.row(cells);
  }

  async flush(): Promise<void> {
    for (const s of this.sinks) await s.flush();
  }

  async close(): Promise<void> {
    for (const s of this.sinks) await s.close();
  }
}
