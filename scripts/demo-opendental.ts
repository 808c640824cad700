// npm run demo:opendental: a throwaway local MariaDB holding the sample practice as an Open Dental
// database, for trying the Open Dental sync without a practice's server. Prints the five settings
// to enter on the Data Import tab and runs until Ctrl-C, then removes everything it made.
//   npm run demo:opendental [-- --port N]   (default 33306, or any free port when that is taken)

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { DEFAULT_OPTIONS, generateSamples } from './sample-data/index.js';
import { createOpenDentalDatabase } from './sample-data/opendental-database.js';

const run = promisify(execFile);
const SCRIPT = new URL('./mariadb.sh', import.meta.url).pathname;
const PREFERRED_PORT = 33306;

/** The port asked for, else the preferred one when it is free, else any free one. */
async function freePort(asked: number | undefined): Promise<number> {
  if (asked !== undefined) {
    if (!Number.isInteger(asked) || asked < 1 || asked > 65535) throw new Error('--port must be 1-65535');
    return asked;
  }
  for (const wanted of [PREFERRED_PORT, 0]) {
    const server = createServer();
    const port = await new Promise<number | null>((resolve) => {
      server.once('error', () => resolve(null));
      server.listen(wanted, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
    await new Promise((resolve) => server.close(resolve));
    if (port !== null) return port;
  }
  throw new Error('No free port on 127.0.0.1');
}

async function main(): Promise<void> {
  // The server's folder is its own temporary folder: the server runs as the mysql user, who
  // must reach it. Nothing is written to the files' folder (no file format asked for).
  const serverDir = mkdtempSync(join(tmpdir(), 'fat-opendental-demo-'));
  const filesDir = mkdtempSync(join(tmpdir(), 'fat-opendental-demo-files-'));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await run(SCRIPT, ['stop', serverDir]).catch(() => {});
    rmSync(serverDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  };
  try {
    const { values } = parseArgs({ options: { port: { type: 'string' } } });
    const port = await freePort(values.port === undefined ? undefined : Number(values.port));
    const { stdout } = await run(SCRIPT, ['start', serverDir, String(port)]);
    const reader = { user: 'tracker_sync', password: randomBytes(9).toString('base64url') };
    const db = await createOpenDentalDatabase(stdout.trim(), 'opendental', reader);
    const result = await generateSamples({
      ...DEFAULT_OPTIONS,
      outDir: filesDir,
      formats: [],
      openDental: db,
    });
    await db.end();
    console.log(`Open Dental sample practice ready (${DEFAULT_OPTIONS.patients} patients, ${result.rows.procedures} procedures).
Enter these on the Data Import tab's Open Dental card:

  Host      127.0.0.1
  Port      ${port}
  Database  opendental
  User      ${reader.user}
  Password  ${reader.password}

or set OPENDENTAL_URL=mysql://${reader.user}:${reader.password}@127.0.0.1:${port}/opendental
The user may only read. Press Ctrl-C to stop and remove the database.`);
  } catch (err) {
    await stop();
    throw err;
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      void stop().then(() => process.exit(0));
    });
  // Keeps the process alive until a signal arrives.
  setInterval(() => {}, 1 << 30);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
