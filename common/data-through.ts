/**
 * How current the figures are (docs/behaviour.md section 6.6): the latest procedure date of the
 * data, said the same way on the Dashboard, in the PDF report, the dashboard workbook and the
 * e-mails, and the month it falls in marked as incomplete on the Monthly Trends.
 */
import { monthLabel } from './months';

/**
 * The day the figures run to: the latest procedure date, or `today` when that date lies ahead
 * (a consult booked in the Full Arch Report is no sign the data is newer); null with no procedure.
 * Both `YYYY-MM-DD`.
 */
export function dataThrough(latest: string | null, today: string): string | null {
  if (latest === null) return null;
  return latest < today ? latest : today;
}

/** `2026-11-01` -> `11/01/2026`. */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** `Data through 11/01/2026`, or that there is no data yet. */
export function dataThroughWords(day: string | null): string {
  return day === null ? 'Data through: no procedures imported yet' : `Data through ${usDay(day)}`;
}

const lastDayOfMonth = (day: string) => {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  // Day 0 of the next month is the last of this one (UTC, so no time zone moves it).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/**
 * The month (`YYYY-MM`) the data stops part-way through: the month of the data-through day, unless
 * that day is the month's last. Its figures are not a whole month's and are marked so.
 */
export function incompleteMonth(day: string | null): string | null {
  if (day === null) return null;
  return Number(day.slice(8, 10)) === lastDayOfMonth(day) ? null : day.slice(0, 7);
}

/** `to 11/01`: how far into its month an incomplete month's figures go. */
export const partMonthWords = (day: string) => `to ${day.slice(5, 7)}/${day.slice(8, 10)}`;

/** `Nov (to 11/01)`: an incomplete month's label in a table or a chart's key. */
export const incompleteMonthLabel = (day: string) =>
  `${monthLabel(day.slice(0, 7))} (${partMonthWords(day)})`;
