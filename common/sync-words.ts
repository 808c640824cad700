/**
 * A failed or overdue Open Dental sync in one line (docs/behaviour.md section 18), said the same
 * way on the Dashboard, Follow-ups, the PDF report and the e-mails, in the Data Import tab's words
 * (`Last sync failed: {reason}`, the schedule's name).
 */
import { SCHEDULE_NAMES, type SyncSchedule, type SyncWarning } from './api/sync';
import { formatDateTime } from './format';

const figuresOf = (at: string | null) =>
  at ? `Figures as of the sync of ${formatDateTime(at)}` : 'Figures as of the last import';

/**
 * `Figures as of the sync of 11/27/2026, 5:00 AM; the last sync failed: {reason}`, or, overdue,
 * `...; no sync since, though one is scheduled every hour, on the hour`.
 */
export function syncWarningWords(warning: SyncWarning, schedule: SyncSchedule): string {
  if (warning.kind === 'failed')
    return `${figuresOf(warning.figures_at)}; the last sync failed: ${warning.reason ?? 'no reason was given'}`;
  return `${figuresOf(warning.figures_at)}; no sync since, though one is scheduled ${scheduleWords(schedule)}`;
}

/** A schedule's name as it reads inside a sentence: `every day at 05:00`. */
export function scheduleWords(schedule: SyncSchedule): string {
  const name = SCHEDULE_NAMES[schedule];
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}
