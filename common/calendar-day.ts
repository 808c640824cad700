/**
 * Days written `YYYY-MM-DD`, as the API, the database and the addresses carry them: one way to
 * write a moment's calendar day, and one test that a text names a day.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day of `moment` on this machine's clock. Not `toISOString().slice(0, 10)`, which
 * is UTC's day: the next day already in a US evening.
 */
export function localDay(moment: Date = new Date()): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/**
 * The calendar day of `moment` in UTC, for a moment made as a UTC midnight (a day written out and
 * read back, days counted in whole UTC days): its local day is the day before west of Greenwich.
 */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === text;
}
