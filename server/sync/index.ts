// What other features may use of sync; the rest of the folder is its own (docs/architecture.md).
export { syncConfig } from './opendental/config';
export type { SyncConfig } from './opendental/settings';
export { scheduledSyncWords } from './opendental/status';
