import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDb } from '../test/harness';
import { largeReport } from '../test/large-report';
import { startSignedIn, type UnreapedServer } from '../test/spawn-server';

// A server killed with SIGKILL in the middle of an import must leave the data as it was before
// that import, and start again by itself at once. Runs on the embedded database, and on a
// PostgreSQL server when TEST_DATABASE_URL is set. The servers run under a parent that does not
// reap them, so the killed one is still a zombie when the next starts, as under a supervisor that
// has not waited for it yet: a check by pid would find it running.

type Server = UnreapedServer;

const PORT = 3230 + Math.floor(Math.random() * 60);
let dir: string;
let env: Record<string, string>;
let dropDb: (() => Promise<void>) | undefined;
let bigFile: Buffer;
const sampleFile = readFileSync('samples/full-arch-report.csv');
const started: Server[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fat-killed-'));
  // The data folder holds the embedded database, or only the uploads with a PostgreSQL server.
  env = {
    PORT: String(PORT),
    ADMIN_PASSWORD: 'admin-pass',
    JWT_SECRET: 'k'.repeat(40),
    DATA_DIR: join(dir, 'data'),
  };
  if (process.env.TEST_DATABASE_URL) {
    const test = await openTestDb();
    env.DATABASE_URL = test.url as string;
    dropDb = test.drop;
  }
  bigFile = await largeReport(dir, 5);
}, 120_000);

afterAll(async () => {
  for (const server of started) server.release();
  rmSync(dir, { recursive: true, force: true });
  await dropDb?.();
});

const start = () => startSignedIn(env, started);

function importReport(server: Server, token: string, file: Buffer, name: string) {
  const form = new FormData();
  form.append('replace', 'true');
  form.append('file', new Blob([new Uint8Array(file)]), name);
  return fetch(`${server.url}/api/import/raw-data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function state(server: Server, token: string) {
  const get = async (path: string) =>
    (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  return {
    scoresheet: (await get('/api/scoresheet')).scoresheet,
    history: (await get('/api/import/history')).imports,
  };
}

async function stop(server: Server) {
  server.kill('SIGTERM');
  await server.exited;
}

describe('an import killed part-way', () => {
  it('leaves the previous data intact and the server starts again', async () => {
    let { server, token } = await start();
    // Time a full import of the large file, then put the small one in its place.
    const began = performance.now();
    const big = await importReport(server, token, bigFile, 'big.csv');
    expect(big.status, await big.text()).toBe(200);
    const fullImportMs = performance.now() - began;
    const bigState = await state(server, token);
    const small = await importReport(server, token, sampleFile, 'full-arch-report.csv');
    expect(small.status).toBe(200);
    const before = await state(server, token);
    expect(before.scoresheet.length).toBeGreaterThan(0);
    expect(before.scoresheet).not.toEqual(bigState.scoresheet);

    // Import the large file again and kill the server inside the import's transaction: once the
    // upload has fully arrived (the import starts then) and a moment has passed, well before the
    // time a whole import takes. Decided by what the server has done, not by a guess of its speed.
    const uploads = join(dir, 'data', 'uploads');
    let settled = false;
    const pending = importReport(server, token, bigFile, 'big.csv')
      .catch((err: Error) => err)
      .finally(() => {
        settled = true;
      });
    const received = () =>
      readdirSync(uploads).some((name) => statSync(join(uploads, name)).size === bigFile.length);
    while (!received() && !settled) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, Math.min(300, fullImportMs / 4)));
    server.kill('SIGKILL');
    await server.exited;
    expect(await pending).toBeInstanceOf(Error);
    const killed = server;
    expect(killed.state()).toBe('Z');
    // The upload it was reading is left behind, readable by the server's user only...
    const left = readdirSync(uploads);
    expect(left).toHaveLength(1);
    expect(statSync(join(uploads, left[0])).mode & 0o777).toBe(0o600);
    expect(statSync(uploads).mode & 0o777).toBe(0o700);

    // The next start succeeds on its first try, the killed server not reaped yet...
    ({ server, token } = await start());
    try {
      expect(killed.state()).toBe('Z');
      // ...and removes the upload.
      expect(readdirSync(uploads)).toEqual([]);
      expect(await state(server, token)).toEqual(before);
    } finally {
      await stop(server);
    }
  }, 300_000);
});
