// What other features may use of worklist; the rest of the folder is its own (docs/architecture.md).
export { assigneeAsked, assigneeFilter } from './assignee';
export { readThresholds } from './thresholds';
