/** Test helpers: open an exported workbook with ExcelJS and read cells back as plain values. */
import ExcelJS from 'exceljs';

export async function readBack(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  // A copy as a plain ArrayBuffer: what ExcelJS's typings ask for, whatever pool Node's Buffer uses.
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return book;
}

export function sheet(book: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = book.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
}

/** The values of row `r` from column 1 to `width` (null for an empty cell). */
export function rowValues(ws: ExcelJS.Worksheet, r: number, width = ws.columnCount): ExcelJS.CellValue[] {
  return Array.from({ length: width }, (_, i) => ws.getCell(r, i + 1).value ?? null);
}

/** The row number whose first cell holds `label`. */
export function findRow(ws: ExcelJS.Worksheet, label: string): number {
  for (let r = 1; r <= ws.rowCount; r++) if (ws.getCell(r, 1).value === label) return r;
  throw new Error(`no row ${label} in ${ws.name}`);
}

/**
 * What a sheet says about printing, read back: the fields a printed meeting copy depends on.
 * `printTitlesRow` comes from the workbook's `_xlnm.Print_Titles` name for the sheet.
 */
export function printSettings(ws: ExcelJS.Worksheet) {
  const { orientation, fitToPage, fitToWidth, fitToHeight, printTitlesRow } = ws.pageSetup;
  const view = ws.views[0];
  return {
    orientation,
    fitToPage,
    fitToWidth,
    fitToHeight,
    printTitlesRow,
    frozenRows: view?.state === 'frozen' ? view.ySplit : undefined,
    footer: ws.headerFooter.oddFooter,
  };
}

/** Landscape, one page wide and as many down as it takes, rows 1 to `headerRow` on every page. */
export const PRINTED = (headerRow: number) => ({
  orientation: 'landscape',
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  printTitlesRow: `1:${headerRow}`,
  frozenRows: headerRow,
  footer: '&LFull Arch Tracker - Confidential&C&A&RPage &P of &N',
});
