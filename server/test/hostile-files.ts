/**
 * Small files that declare far more than they hold: a cell position past the format's limits, or
 * a part that inflates to millions of empty items. Each is a few kilobytes to a few megabytes on
 * disk and, read naively, asks the reader to allocate gigabytes.
 */

import { constants, crc32, deflateRawSync } from 'node:zlib';
import { buildZip, minimalWorkbook, type ZipPart } from '../file-reading/fixtures/zip-writer';

export const REPORT_HEADER = ['Patient', 'Date', 'Code', 'Provider', 'Description', 'Fee', 'Location'];
export const REPORT_ROW = ['Smith, Ann', '3/4/2026', 'D0150', 'Dr. A', 'Exam', '90', 'Main'];

const escapeXml = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** Excel 2003 XML ("SpreadsheetML") as some systems save `.xls`, with more XML in the data row. */
export function spreadsheetMl(extraCellXml = '', extraRowXml = ''): string {
  const cells = (values: readonly string[]) =>
    values.map((v) => `<Cell><Data ss:Type="String">${escapeXml(v)}</Data></Cell>`).join('');
  return `<?xml version="1.0"?>
<?mso-application progid="Excel.Sheet"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
<Worksheet ss:Name="Report"><Table>
<Row>${cells(REPORT_HEADER)}</Row>
<Row>${cells(REPORT_ROW)}${extraCellXml}</Row>
${extraRowXml}
</Table></Worksheet></Workbook>`;
}

/** An HTML table saved as `.xls`, with more markup in the data row. */
export function htmlTable(extraCellHtml = '', extraRowHtml = ''): string {
  const cells = (values: readonly string[], tag: string) =>
    values.map((v) => `<${tag}>${escapeXml(v)}</${tag}>`).join('');
  return `<html><body><table><tr>${cells(REPORT_HEADER, 'th')}</tr><tr>${cells(REPORT_ROW, 'td')}${extraCellHtml}</tr>${extraRowHtml}</table></body></html>`;
}

function sheetOf(extraCellXml: string, extraRowXml: string, dataCell: (v: string) => string): string {
  const cell = (c: number, r: number, body: string) => `<c r="${String.fromCharCode(65 + c)}${r}"${body}</c>`;
  const row = (values: readonly string[], r: number, extra = '') =>
    `<row r="${r}">${values.map((v, c) => cell(c, r, dataCell(v))).join('')}${extra}</row>`;
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row(REPORT_HEADER, 1)}${row(REPORT_ROW, 2, extraCellXml)}${extraRowXml}</sheetData></worksheet>`;
}

/** A one-sheet XLSX of inline strings, with more XML after the data row's cells and after the row. */
export function xlsxWithCells(extraCellXml = '', extraRowXml = ''): Buffer {
  const sheet = sheetOf(extraCellXml, extraRowXml, (v) => ` t="inlineStr"><is><t>${escapeXml(v)}</t></is>`);
  return buildZip(minimalWorkbook(Buffer.from(sheet)));
}

/** A block of `<si/>` with a little pseudo-random white space, so that it packs about 125 to 1. */
function emptyStringItems(): Buffer {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const items: string[] = [];
  for (let length = 0; length < 1 << 20; length += 6)
    items.push(random() < 0.04 ? `<si/>${' \n\t'[Math.floor(random() * 3)]}` : '<si/>');
  return Buffer.from(items.join(''));
}

/**
 * An XLSX whose shared-strings part holds about `items` empty string items (whole blocks of them)
 * and says so in its count, while its sheet uses only the first. 125 million items inflate to
 * about 650 MB from a few megabytes: under every zip limit. The part is deflated without ever
 * being whole: a block compressed once, ending on a full flush (byte-aligned, history reset), is
 * repeated as it is between a head and a tail compressed the same way.
 */
export function xlsxWithManySharedStrings(items: number): Buffer {
  const block = emptyStringItems();
  const perBlock = block.toString().split('<si/>').length - 1;
  const times = Math.max(1, Math.round(items / perBlock));
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${perBlock * times}" uniqueCount="${perBlock * times}">`,
  );
  const tail = Buffer.from('</sst>');
  const flushed = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const blockPacked = flushed(block);
  let crc = crc32(head);
  for (let i = 0; i < times; i++) crc = crc32(block, crc);
  crc = crc32(tail, crc);
  const packed = Buffer.concat([
    flushed(head),
    ...Array.from({ length: times }, () => blockPacked),
    deflateRawSync(tail, { level: 9 }),
  ]);
  const sst: ZipPart = {
    name: 'xl/sharedStrings.xml',
    data: Buffer.alloc(0),
    deflated: { packed, crc, size: head.length + block.length * times + tail.length },
  };
  const sheet = sheetOf('', '', (v) =>
    v === REPORT_ROW[0] ? ' t="s"><v>0</v>' : ` t="inlineStr"><is><t>${escapeXml(v)}</t></is>`,
  );
  return buildZip([...minimalWorkbook(Buffer.from(sheet)), sst]);
}
