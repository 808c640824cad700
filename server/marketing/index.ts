// What other features may use of marketing; the rest of the folder is its own (docs/architecture.md).
export { listSpend, saveSpend } from './service';
