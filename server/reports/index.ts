// What other features may use of reports; the rest of the folder is its own (docs/architecture.md).
export type { BuildReport } from './monthly';
