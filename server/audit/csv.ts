/**
 * The audit log as CSV for a spreadsheet (docs/behaviour.md section 8): UTF-8 with a byte order
 * mark, so Excel reads the names right; CRLF lines; a field quoted when it holds a comma, a quote
 * or a line break. A text cell a spreadsheet would take for a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) gets a leading `'`, so it opens as the text it is.
 */
import { auditActionName } from '../../common/api/audit';
import { auditWhat } from '../../common/audit-words';
import type { Row } from '../db/rows';
import type { auditLog } from '../db/schema';

const BOM = '\uFEFF';
export const AUDIT_CSV_HEADER = [
  'ID',
  'When (UTC)',
  'User',
  'Action',
  'What',
  'IP',
  'Action Code',
  'Detail (JSON)',
];

/** One cell: numbers as they are; text made safe from formulas, then quoted when it must be. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** `2026-05-01 14:03:22`: a moment in UTC that spreadsheets read as a date and time. */
const utc = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

type AuditRow = Row<typeof auditLog>;

export function auditCsvLine(e: AuditRow): string {
  return csvLine([
    e.id,
    utc(e.at),
    e.username,
    auditActionName(e.action),
    auditWhat(e.action, e.detail),
    e.ip,
    e.action,
    e.detail === null ? null : JSON.stringify(e.detail),
  ]);
}

/** The file's text piece by piece: the mark and the header, then one piece per batch of events. */
export async function* auditCsv(batches: AsyncIterable<AuditRow[]>): AsyncIterable<string> {
  yield BOM + csvLine(AUDIT_CSV_HEADER);
  for await (const batch of batches) yield batch.map(auditCsvLine).join('');
}
