import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_FILE_PATTERN } from '../../common/api/backups';
import { openPglite, openPostgres } from '../db/client';
import { openTestDb } from '../test/harness';
import { freePorts, startSignedIn, type UnreapedServer } from '../test/spawn-server';
import { verifyBackup } from '.';

// A server killed with SIGKILL in the middle of a backup of a 600,000-row practice: every earlier
// backup stays whole and readable, no file under a backup's name fails to restore, and the next
// backup works. On the embedded database, and on a PostgreSQL server when TEST_DATABASE_URL is set.

type Server = UnreapedServer;

const KEY = 'ab'.repeat(32);
let dir: string;
let backups: string;
let env: Record<string, string>;
let dropDb: (() => Promise<void>) | undefined;
const started: Server[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fat-killed-backup-'));
  backups = join(dir, 'backups');
  const [port] = await freePorts(1);
  env = {
    PORT: String(port),
    ADMIN_PASSWORD: 'admin-pass',
    JWT_SECRET: 'k'.repeat(40),
    DATA_DIR: join(dir, 'data'),
    BACKUP_DIR: backups,
    BACKUP_KEY: KEY,
  };
  if (process.env.TEST_DATABASE_URL) {
    const test = await openTestDb();
    env.DATABASE_URL = test.url as string;
    dropDb = test.drop;
  }
});
afterAll(async () => {
  for (const server of started) server.release();
  rmSync(dir, { recursive: true, force: true });
  await dropDb?.();
});

const start = () => startSignedIn(env, started);

const backUp = (server: Server, token: string) =>
  fetch(`${server.url}/api/admin/backups`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

/** 600,000 procedures written straight in while no server runs: what the backup must copy. */
async function fillPractice() {
  const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.DATA_DIR);
  try {
    await db.query(
      `INSERT INTO procedures (patient_key, patient_name, date, code, provider, amount, location, phone)
       SELECT 'patient ' || (g % 150000), 'Patient ' || (g % 150000), DATE '2024-01-01' + (g % 1000),
              'D' || (6000 + g % 50), 'Dr ' || (g % 8), (g % 5000) + 0.25, 'Main Street', '555-' || g
         FROM generate_series(1, 600000) g`,
    );
  } finally {
    await db.close();
  }
}

const key = Buffer.from(KEY, 'hex');

describe('a backup killed part-way', () => {
  it('leaves the earlier backups whole and no half file under a backup name', async () => {
    let { server, token } = await start();
    const first = await backUp(server, token);
    expect(first.status, await first.clone().text()).toBe(200);
    const earlier = (await first.json()).backup.file as string;
    server.kill('SIGTERM');
    await server.exited;
    await fillPractice();

    ({ server, token } = await start());
    let settled = false;
    const pending = backUp(server, token)
      .catch((err: Error) => err)
      .finally(() => {
        settled = true;
      });
    // Killed once the new file is being written: decided by what the server has done.
    const writing = () =>
      readdirSync(backups).some((f) => f.endsWith('.partial') && statSync(join(backups, f)).size > 64 * 1024);
    while (!writing() && !settled) await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    server.kill('SIGKILL');
    await server.exited;
    expect(await pending).toBeInstanceOf(Error);

    const named = readdirSync(backups).filter((f) => BACKUP_FILE_PATTERN.test(f));
    expect(named).toEqual([earlier]);
    for (const f of named) await verifyBackup(join(backups, f), key);
    expect(
      readdirSync(backups)
        .filter((f) => !BACKUP_FILE_PATTERN.test(f))
        .every((f) => f.endsWith('.partial')),
    ).toBe(true);

    // Started again, it backs up the whole practice once the killed one's lock has run out, and
    // clears the half file.
    ({ server, token } = await start());
    let made: Response;
    for (;;) {
      made = await backUp(server, token);
      if (made.status !== 409) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(made.status, await made.clone().text()).toBe(200);
    const file = (await made.json()).backup.file as string;
    expect(readdirSync(backups).sort()).toEqual([earlier, file].sort());
    expect((await verifyBackup(join(backups, file), key)).counts.procedures).toBe(600_000);
    server.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});
