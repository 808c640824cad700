// Legacy XLS (BIFF8) through SheetJS. BIFF8 has no streaming writer and holds at most 65,536 rows,
// so this sink keeps its rows in memory and refuses to grow past the format's limit: it is only
// for small sample sets.

import { writeFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { excelSerial } from './calendar.js';
import { type Cell, isDate, isMoney, type TableSink, type TableSpec } from './sink.js';

export const XLS_MAX_ROWS = 65_536;

type XlsValue = string | number | XLSX.CellObject | null;

export class XlsSink implements TableSink {
  private readonly rows: XlsValue[][] = [];

  constructor(
    private readonly path: string,
    private readonly spec: TableSpec,
  ) {
    for (const title of spec.titles) this.rows.push(title === '' ? [] : [title]);
    this.rows.push(spec.headers);
  }

  row(cells: readonly Cell[]): void {
    if (this.rows.length >= XLS_MAX_ROWS) {
      throw new Error(
        `${this.path}: more than ${XLS_MAX_ROWS} rows, which .xls cannot hold; use csv or xlsx`,
      );
    }
    this.rows.push(
      cells.map((cell): XlsValue => {
        // Serial numbers with a format, not JS Dates: SheetJS would shift Dates by the local zone.
        if (isDate(cell)) return { t: 'n', v: excelSerial(cell.date), z: 'm/d/yyyy' };
        if (isMoney(cell)) return { t: 'n', v: cell.cents / 100, z: '"$"#,##0.00' };
        return cell;
      }),
    );
  }

  async flush(): Promise<void> {}

  async close(): Promise<void> {
    const sheet = XLSX.utils.aoa_to_sheet(this.rows);
    sheet['!cols'] = this.spec.widths.map((wch) => ({ wch }));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, this.spec.sheetName.slice(0, 31));
    const data: Buffer = XLSX.write(book, { type: 'buffer', bookType: 'biff8' });
    await writeFile(this.path, data);
  }
}
