/**
 * When each e-mail of docs/behaviour.md section 17 is due, on the server's local clock (TZ): the
 * monthly report from 07:00 on the 1st, for the month just ended, until the end of the 3rd; the
 * daily digest from 07:00 Monday to Friday, until the end of that day. A period missed while the
 * server was down is still due when it comes back within its window.
 */
import type { ReportKind } from '../../common/api/reports';
import { localDay } from '../../common/calendar-day';

export const SEND_HOUR = 7;
/** The monthly report of a missed 1st is still sent through this day of the month. */
export const LAST_REPORT_DAY = 3;

export interface DuePeriod {
  kind: ReportKind;
  /** `YYYY-MM`: the month reported; `YYYY-MM-DD`: the day of the digest. */
  period: string;
  /** When the period's e-mail is sent: a subscription turned on after it waits for the next one. */
  sendAt: Date;
}

/** The periods whose e-mail is due at `now`: at most one of each kind. */
export function duePeriods(now: Date): DuePeriod[] {
  const due: DuePeriod[] = [];
  const sevenToday = new Date(now.getFullYear(), now.getMonth(), now.getDate(), SEND_HOUR);
  const firstAtSeven = new Date(now.getFullYear(), now.getMonth(), 1, SEND_HOUR);
  if (now.getDate() <= LAST_REPORT_DAY && now >= firstAtSeven) {
    const ended = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    due.push({ kind: 'monthly_report', period: localDay(ended).slice(0, 7), sendAt: firstAtSeven });
  }
  const weekday = now.getDay();
  if (weekday >= 1 && weekday <= 5 && now >= sevenToday) {
    due.push({ kind: 'daily_digest', period: localDay(now), sendAt: sevenToday });
  }
  return due;
}

/** The last day of a `YYYY-MM` month, `YYYY-MM-DD`: the day the monthly report is as of. */
export function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return localDay(new Date(year, m, 0));
}

/** The month just ended before `now`, `YYYY-MM`: what "send now" reports. */
export function monthJustEnded(now: Date): string {
  return localDay(new Date(now.getFullYear(), now.getMonth() - 1, 1)).slice(0, 7);
}
