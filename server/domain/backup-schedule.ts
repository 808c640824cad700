import { localDay } from '../../common/calendar-day';

/** A time of day, server time (BACKUP_TIME). */
export interface TimeOfDay {
  hour: number;
  minute: number;
}

/**
 * The start of the latest daily backup slot at or before `now`, in the server's local time:
 * today's `at` once it has come, yesterday's before.
 */
export function backupSlot(now: Date, at: TimeOfDay): Date {
  const slot = new Date(now.getFullYear(), now.getMonth(), now.getDate(), at.hour, at.minute);
  if (slot.getTime() > now.getTime()) slot.setDate(slot.getDate() - 1);
  return slot;
}

/** The next slot after `now`. */
export function nextBackupAt(now: Date, at: TimeOfDay): Date {
  const next = backupSlot(now, at);
  next.setDate(next.getDate() + 1);
  return next;
}

/** The key a slot is claimed under: its local day, the same in every process. */
export const backupSlotKey = (slot: Date): string => localDay(slot);

/** A backup's file name from its moment, in UTC: `full-arch-backup-2026-11-27T02-00-04.fab`. */
export const backupFileName = (moment: Date): string =>
  `full-arch-backup-${moment.toISOString().slice(0, 19).replaceAll(':', '-')}.fab`;

/** The moment a backup's file name says (ISO 8601), or null for another name. */
export function backupMoment(file: string): string | null {
  const m = /^full-arch-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.fab$/.exec(file);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.000Z` : null;
}

/** The backups to remove so the newest `keep` stay (file names sort by their moment). */
export function backupsBeyond(files: readonly string[], keep: number): string[] {
  return [...files].sort().reverse().slice(keep);
}
