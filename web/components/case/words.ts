/** How the case card words activities and dates (docs/screens.md, Case follow-up). */
import {
  type Activity,
  CLOSE_REASON_NAMES,
  FINANCING_STATUS_NAMES,
  KIND_NAMES,
  OUTCOME_NAMES,
} from '../../../common/api/activities';
import type { WorklistPatient } from '../../../common/api/worklist';
import { localDay } from '../../../common/calendar-day';
import { formatCurrency, formatDate } from '../../../common/format';

/** `day` plus `days` calendar days, `YYYY-MM-DD` (noon keeps a daylight-saving change from moving it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00`);
  date.setDate(date.getDate() + days);
  return localDay(date);
}

/** The quick picks for the next follow-up, in days from today (before moving off a weekend). */
export const FOLLOW_UP_PICKS = [
  { label: 'Tomorrow', days: 1 },
  { label: '3 days', days: 3 },
  { label: '1 week', days: 7 },
  { label: '2 weeks', days: 14 },
] as const;

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 0 for Sunday to 6 for Saturday (at noon, as addDays, so no clock change moves it). */
const weekdayOf = (day: string) => new Date(`${day}T12:00:00`).getDay();

/** `day` itself from Monday to Friday; the Monday after it for a Saturday or a Sunday. */
export function nextWeekday(day: string): string {
  const weekday = weekdayOf(day);
  if (weekday === 6) return addDays(day, 2);
  if (weekday === 0) return addDays(day, 1);
  return day;
}

export interface DayPick {
  /** `Tomorrow (Mon 11/30)`: the day it lands on is said, so a weekend's move is no surprise. */
  label: string;
  day: string;
}

/**
 * The quick picks counted from `today`, each moved to the next weekday: the practice calls from
 * Monday to Friday, so 'Tomorrow' on a Friday is Monday.
 */
export function quickPicks(today: string): DayPick[] {
  return FOLLOW_UP_PICKS.map(({ label, days }) => {
    const day = nextWeekday(addDays(today, days));
    return { label: `${label} (${shortDay(day)})`, day };
  });
}

/** `Mon 11/30`. */
export function shortDay(day: string): string {
  return `${WEEKDAY_NAMES[weekdayOf(day)]} ${formatDate(day).slice(0, 5)}`;
}

/** `Tue 12/01/2026`. */
export function longDay(day: string): string {
  return `${WEEKDAY_NAMES[weekdayOf(day)]} ${formatDate(day)}`;
}

/** What a `scheduled` contact puts before its note, so the timeline shows the appointment's day. */
export const appointmentNote = (appointment: string, typed: string): string =>
  [`Appointment ${formatDate(appointment)}`, typed.trim()].filter(Boolean).join('\n');

/** The room `appointmentNote` leaves for a typed note within the note's limit. */
export const APPOINTMENT_NOTE_ROOM = 'Appointment MM/DD/YYYY\n'.length;

/** `Call: No answer (02/03/2026)`, or `-` when there has been none. */
export function lastContactText(contact: WorklistPatient['last_contact']): string {
  if (!contact) return '-';
  return `${KIND_NAMES[contact.kind]}: ${OUTCOME_NAMES[contact.outcome]} (${formatDate(contact.date)})`;
}

/** `Acme Lending, Approved, $12,000`. */
export function financingText(f: NonNullable<WorklistPatient['financing']>): string {
  const amount = f.amount === null ? '' : `, ${formatCurrency(f.amount)}`;
  return `${f.lender}, ${FINANCING_STATUS_NAMES[f.financing_status]}${amount}`;
}

/** The headline of one activity in the timeline: `Call: Reached`, `Closed: Cost`, `Assigned to casey`. */
export function activityTitle(a: Activity): string {
  switch (a.kind) {
    case 'call':
    case 'text':
    case 'email':
    case 'visit':
      return a.outcome ? `${KIND_NAMES[a.kind]}: ${OUTCOME_NAMES[a.outcome]}` : KIND_NAMES[a.kind];
    case 'financing':
      return a.lender && a.financing_status
        ? `Financing: ${financingText({ date: a.date, lender: a.lender, financing_status: a.financing_status, amount: a.amount })}`
        : 'Financing';
    case 'assign':
      return a.assigned_to ? `Assigned to ${a.assigned_to}` : 'Unassigned';
    case 'close':
      return a.reason ? `Closed: ${CLOSE_REASON_NAMES[a.reason]}` : 'Closed';
    default:
      return KIND_NAMES[a.kind];
  }
}

/** What an activity did to the next follow-up, or null when it left it alone. */
export function followUpChange(a: Activity): string | null {
  if (a.next_follow_up) return `Next follow-up ${formatDate(a.next_follow_up)}`;
  return a.cleared_follow_up ? 'Next follow-up cleared' : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Its writer may delete an activity for 24 hours after writing it; an admin at any time. */
export function canDelete(a: Activity, user: { username: string; role: string }, now = Date.now()): boolean {
  if (user.role === 'admin') return true;
  const written = Date.parse(a.logged_at);
  return (
    a.user.toLowerCase() === user.username.toLowerCase() && !Number.isNaN(written) && now - written < DAY_MS
  );
}
