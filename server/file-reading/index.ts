/** Reading import files into typed records; no database here (see docs/architecture.md). */

export { ImportFileError } from './errors';
export { DEFAULT_BATCH_SIZE, readImportFile } from './read-import';
export type {
  AppointmentRecord,
  IgnoreRecord,
  ImportKind,
  ImportRecord,
  LeadRecord,
  ProcedureRecord,
  RecordBatch,
  RowIssue,
} from './types';
