/**
 * A failed or overdue Open Dental sync in one line (docs/behaviour.md section 18), said the same
 * way on the Dashboard, Follow-ups, the PDF report and the e-mails, in the Data Import tab's words
 * (`Last sync failed: {reason}`, the schedule's name).
 */
import type { SyncSchedule, SyncStatus, SyncWarning } from './api/sync';
import { formatDateTime } from './format';

/** A schedule and the clock its slots are of, as the settings and the status answer them. */
export type ScheduleOf = Pick<SyncStatus, 'schedule' | 'daily_hour' | 'time_zone'>;

const NAMES: Record<Exclude<SyncSchedule, 'daily'>, string> = {
  off: 'Off (sync by hand)',
  hourly: 'Every hour, on the hour',
};

/** An hour of the day as the schedule names it: `06:00`. */
export const hourWords = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The schedule by name: `Every day at 06:00 (America/Chicago)` names the server's time zone,
 * since the hour is of the server's clock, which need not be the reader's.
 */
export function scheduleName({ schedule, daily_hour, time_zone }: ScheduleOf): string {
  if (schedule !== 'daily') return NAMES[schedule];
  return `Every day at ${hourWords(daily_hour)} (${time_zone})`;
}

const figuresOf = (at: string | null) =>
  at ? `Figures as of the sync of ${formatDateTime(at)}` : 'Figures as of the last import';

/**
 * `Figures as of the sync of 11/27/2026, 5:00 AM; the last sync failed: {reason}`, or, overdue,
 * `...; no sync since, though one is scheduled every hour, on the hour`.
 */
export function syncWarningWords(warning: SyncWarning, schedule: ScheduleOf): string {
  if (warning.kind === 'failed')
    return `${figuresOf(warning.figures_at)}; the last sync failed: ${warning.reason ?? 'no reason was given'}`;
  return `${figuresOf(warning.figures_at)}; no sync since, though one is scheduled ${scheduleWords(schedule)}`;
}

/** A schedule's name as it reads inside a sentence: `every day at 05:00 (America/Chicago)`. */
export function scheduleWords(schedule: ScheduleOf): string {
  const name = scheduleName(schedule);
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}
