/**
 * A detail list as a workbook (docs/behaviour.md section 9): the patients behind one dashboard
 * figure, in the columns the detail modal shows (name, value, date first) plus the provider. Every
 * text is a plain string cell, never a formula.
 */
import ExcelJS from 'exceljs';
import type {
  ArchCaseDetailsResponse,
  ConsultDetailsResponse,
  FutureCaseDetailsResponse,
  PendingFinanceDetailsResponse,
} from '../../common/api/dashboard';
import {
  CURRENCY_FORMAT,
  DATE_FORMAT,
  excelDate,
  fitWidth,
  freezeAt,
  styleHeader,
  toBuffer,
  writeTitle,
} from './cells';

type Value = string | number | Date | null;

export interface DetailColumn<R> {
  header: string;
  value: (row: R) => Value;
  numFmt?: string;
  /** Fitted to the data when absent. */
  width?: number;
}

const patient = <R extends { patient_name: string }>(): DetailColumn<R> => ({
  header: 'Patient Name',
  value: (r) => r.patient_name,
});
const provider = <R extends { provider: string }>(): DetailColumn<R> => ({
  header: 'Provider',
  value: (r) => r.provider,
});
const caseValue = <R extends { case_value: number }>(): DetailColumn<R> => ({
  header: 'Case Value',
  value: (r) => r.case_value,
  numFmt: CURRENCY_FORMAT,
  width: 14,
});
const date = <R extends { date: string | null }>(): DetailColumn<R> => ({
  header: 'Date',
  value: (r) => excelDate(r.date),
  numFmt: DATE_FORMAT,
  width: 12,
});
const status = <R>(value: (r: R) => string): DetailColumn<R> => ({ header: 'Status', value, width: 40 });

type Consult = ConsultDetailsResponse['details'][number];
type ArchCase = ArchCaseDetailsResponse['patients'][number];
type Treatment = FutureCaseDetailsResponse['treatments'][number];
type PendingCase = PendingFinanceDetailsResponse['cases'][number];

/** The columns of each list, in the detail modal's order; the provider last, as every row names one. */
export const DETAIL_COLUMNS = {
  consults: [
    patient<Consult>(),
    date<Consult>(),
    { ...status<Consult>((r) => r.status), width: 16 },
    provider<Consult>(),
  ],
  arch_cases: [
    patient<ArchCase>(),
    caseValue<ArchCase>(),
    date<ArchCase>(),
    status<ArchCase>((r) => r.status),
    provider<ArchCase>(),
  ],
  future_cases: [
    patient<Treatment>(),
    caseValue<Treatment>(),
    // A date, or the text TBD for an undated appointment.
    {
      header: 'Appointment Date',
      value: (r) => (r.appt_date === null ? 'TBD' : excelDate(r.appt_date)),
      numFmt: DATE_FORMAT,
      width: 18,
    },
    { header: 'Procedure', value: (r) => r.procedure, width: 30 },
    provider<Treatment>(),
  ] satisfies DetailColumn<Treatment>[],
  pending_finance: [
    patient<PendingCase>(),
    caseValue<PendingCase>(),
    date<PendingCase>(),
    status<PendingCase>((r) => r.procedure_status),
    provider<PendingCase>(),
  ],
};

export interface DetailSheet<R> {
  /** The sheet's tab name (at most 31 characters). */
  name: string;
  /** What the list is, for whom and when: the modal's title. */
  title: string;
  columns: readonly DetailColumn<R>[];
  rows: readonly R[];
}

export async function buildDetailWorkbook<R>(list: DetailSheet<R>, generatedAt: Date): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Full Arch Tracker';
  book.created = generatedAt;
  const ws = book.addWorksheet(list.name);
  const headerRow = writeTitle(ws, list.title, generatedAt);
  ws.columns = list.columns.map((c) => ({
    width:
      c.width ??
      fitWidth(
        list.rows.map((r) => String(c.value(r) ?? '')),
        c.header.length + 2,
      ),
  }));
  ws.getRow(headerRow).values = list.columns.map((c) => c.header);
  styleHeader(ws.getRow(headerRow));
  for (const r of list.rows) {
    const row = ws.addRow(list.columns.map((c) => c.value(r)));
    list.columns.forEach((c, i) => {
      if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
    });
  }
  freezeAt(ws, headerRow);
  return toBuffer(book);
}
