/**
 * Backups (docs/behaviour.md section 21): one encrypted file of every table at one moment, made
 * daily at BACKUP_TIME into BACKUP_DIR and on demand, listed for the admins on User Management.
 */
import { z } from 'zod';
import { adminsOnly, endpoint } from './endpoint';
import { ok } from './shared';

/** A backup file's name: `full-arch-backup-YYYY-MM-DDTHH-MM-SS.fab`, its moment in UTC. */
export const BACKUP_FILE_PATTERN = /^full-arch-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.fab$/;

/** The command that restores one, with the server stopped (shown on the screen and in the docs). */
export const RESTORE_COMMAND = 'npm run restore -- FILE';
export const CHECK_COMMAND = 'npm run restore -- FILE --check';

export const backupEntry = z.object({
  /** The file's name in the backup folder. */
  file: z.string(),
  /** In bytes. */
  size: z.number().int(),
  /** When its snapshot was taken (ISO 8601). */
  created_at: z.string(),
  /** Whole and readable: its checksum held when it was last read back. */
  ok: z.boolean(),
});
export type BackupEntry = z.infer<typeof backupEntry>;

export const backupsResponse = ok.extend({
  /** Newest first. */
  backups: z.array(backupEntry),
  /** Why the latest backup failed, when it failed after the last one that worked; else null. */
  last_error: z.string().nullable(),
  /** The next scheduled backup (ISO 8601). */
  next_at: z.string().nullable(),
  /** Where the backups are written (BACKUP_DIR), and how many are kept (BACKUP_KEEP). */
  dir: z.string(),
  keep: z.number().int(),
});
export type BackupsResponse = z.infer<typeof backupsResponse>;

export const backupMadeResponse = ok.extend({ backup: backupEntry });
export type BackupMadeResponse = z.infer<typeof backupMadeResponse>;

export const backupsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/backups',
    access: adminsOnly('Only admins can see the backups'),
    tag: 'backups',
    response: backupsResponse,
  }),
  /** Takes a backup now; answers when it is written and read back whole. */
  now: endpoint({
    method: 'POST',
    path: '/api/admin/backups',
    access: adminsOnly('Only admins can make a backup'),
    tag: 'backups',
    response: backupMadeResponse,
  }),
};
