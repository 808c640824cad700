/**
 * The server's calendar: what "today" and "this year" are when a request names neither. Read in
 * one place, below every feature, so a route, an import and a report agree on the day.
 */
import { localDay } from '../../common/calendar-day';

/** The year the dashboard and its exports show when the request names none. */
export const currentYear = () => new Date().getFullYear();

/** Today on the server's calendar, YYYY-MM-DD: the worklist's default as_of. */
export function today(): string {
  return localDay(new Date());
}
