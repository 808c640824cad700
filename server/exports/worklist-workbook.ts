/**
 * follow_up_worklist.xlsx (docs/behaviour.md sections 12 and 19): one row per patient of the worklist, as
 * the API lists them, with each one's last note. Every text is a plain string cell, never a
 * formula; every date a date cell, so the sheet sorts and filters by it.
 */
import ExcelJS from 'exceljs';
import { FINANCING_STATUS_NAMES, KIND_NAMES, OUTCOME_NAMES } from '../../common/api/activities';
import { STAGE_NAMES } from '../../common/api/worklist';
import type { LastNote } from '../activities';
import type { WorklistRow } from '../domain/worklist';
import {
  CURRENCY_FORMAT,
  DATE_FORMAT,
  excelDate,
  fitWidth,
  frameSheet,
  styleHeader,
  toBuffer,
  writeTitle,
} from './cells';

/** A listed patient with their last note, if any. */
type ExportRow = WorklistRow & { last_note: LastNote | undefined };

type Column = {
  header: string;
  value: (p: ExportRow) => string | number | Date | null;
  numFmt?: string;
  /** Fitted to the data when absent. */
  width?: number;
};

const COLUMNS: Column[] = [
  { header: 'Patient Name', value: (p) => p.patient_name },
  { header: 'Stage', value: (p) => STAGE_NAMES[p.stage], width: 18 },
  { header: 'Days Waiting', value: (p) => p.days_waiting, width: 13 },
  { header: 'Since', value: (p) => excelDate(p.since), numFmt: DATE_FORMAT, width: 12 },
  { header: 'Provider', value: (p) => p.provider },
  { header: 'Location', value: (p) => p.location },
  { header: 'Procedure Status', value: (p) => p.procedure_status, width: 40 },
  { header: 'Case Value', value: (p) => p.case_value, numFmt: CURRENCY_FORMAT, width: 14 },
  // A date, or the text TBD for an undated appointment.
  {
    header: 'Next Appointment',
    value: (p) => (p.next_appointment === 'TBD' ? 'TBD' : excelDate(p.next_appointment)),
    numFmt: DATE_FORMAT,
    width: 18,
  },
  // Case work (docs/behaviour.md section 15) and the phone to make the call with.
  { header: 'Phone', value: (p) => p.phone },
  // The person's first touch (section 19); a new lead's provider, status and value are empty cells.
  { header: 'Source', value: (p) => p.source },
  { header: 'Assigned To', value: (p) => p.assigned_to },
  { header: 'Next Follow-up', value: (p) => excelDate(p.next_follow_up), numFmt: DATE_FORMAT, width: 16 },
  { header: 'Attempts', value: (p) => p.attempts, width: 10 },
  // The rule's `date kind outcome`, the date apart as a date cell.
  {
    header: 'Last Contact',
    value: ({ last_contact: c }) => excelDate(c?.date ?? null),
    numFmt: DATE_FORMAT,
    width: 14,
  },
  {
    header: 'Last Contact Type',
    value: ({ last_contact: c }) => c && `${KIND_NAMES[c.kind]} ${OUTCOME_NAMES[c.outcome]}`,
  },
  {
    header: 'Financing',
    value: ({ financing: f }) =>
      f &&
      [f.lender, FINANCING_STATUS_NAMES[f.financing_status], f.amount === null ? null : money(f.amount)]
        .filter(Boolean)
        .join(' '),
  },
  // Last, as it is the longest: what was last written about the patient, and when.
  {
    header: 'Last Note Date',
    value: ({ last_note: n }) => excelDate(n?.date ?? null),
    numFmt: DATE_FORMAT,
    width: 15,
  },
  { header: 'Last Note', value: ({ last_note: n }) => n?.note ?? null, width: 60 },
];

const money = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** `notes`: the last note of each patient by patient key (activities/store.ts, lastNotes). */
export async function buildWorklistWorkbook(
  title: string,
  listed: readonly WorklistRow[],
  generatedAt: Date,
  notes: ReadonlyMap<string, LastNote> = new Map(),
): Promise<Buffer> {
  const patients: ExportRow[] = listed.map((p) => ({ ...p, last_note: notes.get(p.patient_key) }));
  const book = new ExcelJS.Workbook();
  book.creator = 'Full Arch Tracker';
  book.created = generatedAt;
  const ws = book.addWorksheet('Follow-up Worklist');
  const headerRow = writeTitle(ws, title, generatedAt);
  ws.columns = COLUMNS.map((c) => ({
    width:
      c.width ??
      fitWidth(
        patients.map((p) => String(c.value(p) ?? '')),
        c.header.length + 2,
      ),
  }));
  ws.getRow(headerRow).values = COLUMNS.map((c) => c.header);
  styleHeader(ws.getRow(headerRow));
  for (const p of patients) {
    const row = ws.addRow(COLUMNS.map((c) => c.value(p)));
    COLUMNS.forEach((c, i) => {
      if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
    });
  }
  frameSheet(ws, headerRow);
  return toBuffer(book);
}
