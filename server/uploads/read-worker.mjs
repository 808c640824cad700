// The thread that reads an uploaded file (read-worker.ts). Plain JavaScript, so that it starts the
// same under every runner: it loads the TypeScript runner the server itself runs under, then the
// reader.
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
