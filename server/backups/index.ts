/** Backups and restore (docs/behaviour.md section 21): what the app, the scheduler and `npm run restore` use. */

export { BackupFileError } from './backup-file';
export { RestoreRefused, type RestoreSummary, restoreBackup, rowsHeld, verifyBackup } from './restore';
export { backupRoutes } from './routes';
export { type Backups, backupKeyPath, createBackups } from './service';
