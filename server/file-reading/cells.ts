import { dateFromCell } from '../domain/dates';
import { ImportFileError } from './errors';
import type { Cell, SheetRow } from './types';

/**
 * A cell as trimmed text. Numbers print as JavaScript prints them (a code typed as 6114 stays
 * `6114`), Dates as their calendar date, so a text column never shows `Tue Mar 04 2025 ...`.
 */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return dateFromCell(cell) ?? '';
}

export function isEmptyRow(cells: readonly Cell[]): boolean {
  return cells.every((cell) => cellText(cell) === '');
}

/** A cell quoted in a message, cut short so a 10,000-character cell does not flood the report. */
export function quoteCell(cell: Cell | undefined, max = 40): string {
  const text = cellText(cell);
  return `"${text.length > max ? `${text.slice(0, max)}...` : text}"`;
}

/**
 * A NUL is no character of any text a practice system writes; it marks a damaged or binary file
 * (and PostgreSQL text cannot hold it), so the whole file is refused rather than stored in part.
 */
export function checkText(row: SheetRow): void {
  for (const cell of row.cells) {
    if (typeof cell === 'string' && cell.includes('\u0000'))
      throw new ImportFileError(
        422,
        `The file could not be read: row ${row.row.toLocaleString('en-US')} holds a NUL character, which is not text`,
        'file_unreadable',
      );
  }
}
