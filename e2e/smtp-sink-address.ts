/**
 * Where the browser tests' mail server listens and keeps what it receives (e2e/smtp-sink.ts), worked
 * out from E2E_PORT and E2E_DATA_DIR as playwright.config.ts works out the app's, so two runs on
 * different ports never share a port or a folder. Loopback only: nothing leaves the machine.
 */
import { join, resolve } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${E2E_PORT}`;

// Two fixed offsets, far apart: ports 3100-3999 map to 23100-23999 and 24100-24999, which no other
// run, app or database of the test setup uses.
export const SMTP_SINK_PORT = E2E_PORT + 20_000;
export const SMTP_SINK_HEALTH_PORT = E2E_PORT + 21_000;

/** The app server's SMTP_URL: plain SMTP, no login (the sink offers no TLS). */
export const SMTP_SINK_URL = `smtp://127.0.0.1:${SMTP_SINK_PORT}`;

/** One raw `.eml` file per message, named by arrival order. */
export const MAIL_DIR = resolve(join(E2E_DATA_DIR, 'mail'));
