import { DEFAULT_DAILY_HOUR, type SyncSchedule } from '../../common/api/sync';
import { localDay } from '../../common/calendar-day';

/**
 * The start of the latest slot of `schedule` at or before `now`, in the server's local time:
 * minute 0 of the hour for `hourly`, `dailyHour`:00 for `daily` (yesterday's before that hour,
 * 05:00 unless an admin chose another); null for `off`.
 */
export function slotStart(schedule: SyncSchedule, now: Date, dailyHour = DEFAULT_DAILY_HOUR): Date | null {
  if (schedule === 'off') return null;
  const slot = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours());
  if (schedule === 'hourly') return slot;
  slot.setHours(dailyHour);
  if (slot.getTime() > now.getTime()) slot.setDate(slot.getDate() - 1);
  return slot;
}

/**
 * The slot a scheduler should run at `now`, or null: none while off, and none that began before
 * the schedule was chosen (`since`), so turning it on at 10:45 waits for 11:00 rather than
 * syncing at once for 10:00. A slot missed while the server was down is run when it comes back.
 */
export function dueSlot(
  schedule: SyncSchedule,
  since: Date | null,
  now: Date,
  dailyHour = DEFAULT_DAILY_HOUR,
): Date | null {
  const slot = slotStart(schedule, now, dailyHour);
  if (!slot || (since && slot.getTime() < since.getTime())) return null;
  return slot;
}

/** The key a slot is claimed under: its start as local wall time, the same in every process. */
export function slotKey(slot: Date): string {
  return `${localDay(slot)}T${String(slot.getHours()).padStart(2, '0')}:00`;
}

/** How long after a slot begins its sync may take before the data counts as behind it. */
export const SYNC_GRACE_MS = 15 * 60_000;

/**
 * The slot whose sync is missing at `now` (docs/behaviour.md section 18): the latest slot begun at
 * least SYNC_GRACE_MS ago, when the schedule was already on then (`since`) and no sync has
 * worked since it began (`lastGood`, null when none ever has). Null when the data is as fresh as
 * the schedule says, and always while the schedule is off.
 */
export function missedSlot(
  schedule: SyncSchedule,
  since: Date | null,
  lastGood: Date | null,
  now: Date,
  dailyHour = DEFAULT_DAILY_HOUR,
): Date | null {
  const slot = dueSlot(schedule, since, new Date(now.getTime() - SYNC_GRACE_MS), dailyHour);
  if (!slot) return null;
  return lastGood && lastGood.getTime() >= slot.getTime() ? null : slot;
}
