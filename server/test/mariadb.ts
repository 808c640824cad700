import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Connection } from 'mysql2/promise';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { connectAdmin, createOpenDentalDatabase } from '../../scripts/sample-data/opendental-database';
import type { OdConnection } from '../sync/opendental/connection';

const run = promisify(execFile);
const SCRIPT = new URL('../../scripts/mariadb.sh', import.meta.url).pathname;

export interface MariaDb {
  adminUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The MariaDB server of a test file: TEST_MARIADB_URL's (scripts/test.sh starts one for the whole
 * run), else a throwaway one of its own. No server is a failure, never a skipped test.
 */
export async function useMariaDb(): Promise<MariaDb> {
  const url = process.env.TEST_MARIADB_URL;
  if (url) return { adminUrl: url, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'fat-mariadb-'));
  try {
    const { stdout } = await run(SCRIPT, ['start', dir, String(await freePort())]);
    return { adminUrl: stdout.trim(), stop: () => run(SCRIPT, ['stop', dir]).then(() => {}) };
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(
      `These tests need a MariaDB server: install it with  sudo apt-get install -y mariadb-server  (or set TEST_MARIADB_URL). ${stderr ?? ''}`,
    );
  }
}

/**
 * A new, empty Open Dental database on the server, with a user who may only read it; `drop`
 * removes both (a shared server outlives the test file).
 */
export async function newOpenDentalDatabase(
  server: MariaDb,
): Promise<{ admin: Connection; conn: OdConnection; drop(): Promise<void> }> {
  const suffix = randomBytes(5).toString('hex');
  const reader = { user: `od_reader_${suffix}`, password: `pw-${suffix}` };
  const database = `opendental_${suffix}`;
  const admin = await createOpenDentalDatabase(server.adminUrl, database, reader);
  const url = new URL(server.adminUrl);
  return {
    admin,
    conn: { host: url.hostname, port: Number(url.port || 3306), database, ...reader },
    async drop() {
      await admin.end().catch(() => {});
      const root = await connectAdmin(server.adminUrl);
      try {
        await root.query(`DROP DATABASE IF EXISTS \`${database}\``);
        await root.query('DROP USER IF EXISTS ?@?', [reader.user, '127.0.0.1']);
      } finally {
        await root.end();
      }
    },
  };
}

/**
 * A test file's Open Dental databases: the server for the file, and a new empty database (and its
 * read-only user) for each test, removed after it. `use` is told each test's database before
 * the file's own beforeEach hooks run.
 */
export function openDentalEachTest(use: (od: { admin: Connection; conn: OdConnection }) => void): void {
  let server: MariaDb | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    server = await useMariaDb();
  });
  beforeEach(async () => {
    const od = await newOpenDentalDatabase(server as MariaDb);
    drop = od.drop;
    use(od);
  });
  afterEach(async () => {
    await drop?.();
  });
  afterAll(async () => {
    await server?.stop();
  });
}
