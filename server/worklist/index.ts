// What other features may use of worklist; the rest of the folder is its own (docs/architecture.md).
export { resolveAssignedTo } from './assignee';
export { type WorklistAsked, type WorklistData, worklistFor } from './service';
export { readThresholds } from './thresholds';
