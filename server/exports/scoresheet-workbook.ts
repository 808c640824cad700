/**
 * scoresheet.xlsx (docs/behaviour.md section 9): one row per scoresheet row with the patient name and every
 * field of section 4. Written with ExcelJS's streaming writer because a scoresheet can hold a row
 * for each of ~150,000 patients: committed rows leave memory at once.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ScoresheetRow } from '../../common/api/config';
import { FLAGS } from '../domain/flags';
import { CURRENCY_FORMAT, DATE_FORMAT, excelDate, fitWidth, PRINT_FOOTER, printSetup } from './cells';

type CellValue = string | number | Date | null;
type Kind = 'text' | 'number' | 'money' | 'date';
/** `width` in characters; 0 fits the column to its text, at least `header`'s length plus some. */
type Column = { header: string; kind: Kind; width: number; value: (r: ScoresheetRow) => CellValue };

// Shared style objects: ExcelJS keeps one style id per object, so rows do not each add a style.
const STYLE: Record<Kind, Partial<ExcelJS.Style>> = {
  text: {},
  number: {},
  money: { numFmt: CURRENCY_FORMAT },
  date: { numFmt: DATE_FORMAT },
};
const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } },
};

/** `pending_finance_mand` reads `Pending Finance Mand`. */
const titleCase = (key: string) =>
  key
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

const date = (header: string, value: (r: ScoresheetRow) => string | null): Column => ({
  header,
  kind: 'date',
  width: Math.max(12, header.length + 2),
  value: (r) => excelDate(value(r)),
});

const COLUMNS: Column[] = [
  { header: 'Patient Name', kind: 'text', width: 0, value: (r) => r.patient_name },
  { header: 'Provider', kind: 'text', width: 0, value: (r) => r.provider },
  { header: 'Location', kind: 'text', width: 0, value: (r) => r.location },
  { header: 'Score', kind: 'number', width: 8, value: (r) => r.score },
  { header: 'Procedure Status', kind: 'text', width: 40, value: (r) => r.procedure_status },
  { header: 'Win/Loss', kind: 'text', width: 10, value: (r) => r.win_loss },
  { header: 'No of Arches', kind: 'number', width: 13, value: (r) => r.no_of_arches },
  { header: 'Case Value', kind: 'money', width: 14, value: (r) => r.case_value },
  date('Consult Date', (r) => r.consult_date),
  date('Date of Temp Placement', (r) => r.date_of_temp_placement),
  date('Case Date', (r) => r.case_date),
  date('Pending Finance Date', (r) => r.pending_finance_date),
  date('Presented Date', (r) => r.presented_date),
  date('Accepted Date', (r) => r.accepted_date),
  date('Perm Date', (r) => r.perm_date),
  ...FLAGS.map(
    (f): Column => ({
      header: titleCase(f.key),
      kind: 'text',
      width: Math.max(8, titleCase(f.key).length + 2),
      value: (r) => (r.treatment_flags[f.key] ? 'Yes' : 'No'),
    }),
  ),
];

/** Rows between pauses, so a large export does not hold the event loop for seconds. */
const BATCH = 2_000;

export async function buildScoresheetWorkbook(rows: readonly ScoresheetRow[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = once(out, 'end');
  // Shared strings: every string is a `t="s"` cell, the plainest string cell there is.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: true,
    useStyles: true,
  });
  book.creator = 'Full Arch Tracker';
  // The streaming writer takes its print setup when the sheet is added: it is written with the sheet.
  const ws = book.addWorksheet('Scoresheet', {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: printSetup(1),
    headerFooter: { oddFooter: PRINT_FOOTER },
  });

  // Widths go in before the first commit, when the writer emits the column list; the text
  // columns with width 0 (name, provider, location) are fitted to the data.
  const widths = COLUMNS.map((c) =>
    c.width > 0
      ? c.width
      : fitWidth(
          rows.map((r) => String(c.value(r) ?? '')),
          c.header.length + 2,
        ),
  );
  ws.columns = widths.map((width) => ({ width }));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length + 1, column: COLUMNS.length } };

  const header = ws.addRow(COLUMNS.map((c) => c.header));
  header.eachCell((cell) => {
    cell.style = HEADER_STYLE;
  });
  header.commit();

  for (let i = 0; i < rows.length; i++) {
    const row = ws.addRow([]);
    COLUMNS.forEach((c, j) => {
      const v = c.value(rows[i]);
      if (v === null) return;
      const cell = row.getCell(j + 1);
      // A plain JS string is always stored as a string cell: `=HYPERLINK(...)` stays text.
      cell.value = v;
      cell.style = STYLE[c.kind];
    });
    row.commit();
    if ((i + 1) % BATCH === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  ws.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}
