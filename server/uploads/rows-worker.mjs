// The thread that reads a workbook's rows for a reading thread (rows-worker.ts). Plain JavaScript,
// so that it starts the same under every runner, as read-worker.mjs does.
import { register } from 'tsx/esm/api';

register();
await import('./rows-worker.ts');
