import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeLock } from '../jobs/claims';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { createBackups, verifyBackup } from '.';

// The admins' backups (docs/behaviour.md section 21): the list, Back up now, the refusals, the
// newest BACKUP_KEEP kept, a full disk, and the daily slot taken by one process.

let t: TestContext;
let admin: string;
let manager: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fat-backups-'));
  t = await createTestContext(
    { BACKUP_DIR: dir, BACKUP_KEEP: '2', BACKUP_TIME: '02:30' },
    { allowFaults: true },
  );
  admin = await t.login('admin', 'admin-pass');
  await t.createUser('manager1', 'manager');
  manager = await t.login('manager1', 'secret123');
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/import/sample-data', headers: bearer(admin) }))
      .statusCode,
  ).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const list = (token = admin) =>
  t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: bearer(token) });
const backUp = (token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: bearer(token) });
const files = (folder = dir) => readdirSync(folder).sort();
const audited = async (action: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action]))[0]
    .n;
const key = () => Buffer.from(readFileSync(join(t.env.dataDir, 'backup.key'), 'utf8').trim(), 'hex');

describe('GET and POST /api/admin/backups', () => {
  it('lists none before the first, with the next time, the folder and how many are kept', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, backups: [], last_error: null, dir, keep: 2 });
    const next = new Date(body.next_at);
    expect([next.getHours(), next.getMinutes()]).toEqual([2, 30]);
    expect(next.getTime()).toBeGreaterThan(Date.now());
  });

  it.each([
    ['GET', () => list(manager), 'Only admins can see the backups'],
    ['POST', () => backUp(manager), 'Only admins can make a backup'],
  ])('refuses a manager %s with 403, making nothing', async (_, call, error) => {
    const res = await call();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error, code: 'forbidden' });
    expect(files()).toEqual([]);
    expect(await audited('backup_made')).toBe(0);
  });

  it('makes one now, whole and readable, lists it and audits it', async () => {
    const res = await backUp();
    expect(res.statusCode, res.body).toBe(200);
    const { backup } = res.json();
    expect(backup.file).toMatch(/^full-arch-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.fab$/);
    expect(files()).toEqual([backup.file]);
    expect((await list()).json().backups).toEqual([backup]);
    expect((await verifyBackup(join(dir, backup.file), key())).counts.procedures).toBeGreaterThan(1000);
    expect(await audited('backup_made')).toBe(1);
  });

  it('refuses a second while one is being made, with 409', async () => {
    const before = files();
    const held = await takeLock(t.db, 'backup', 60_000);
    try {
      const res = await backUp();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        error: 'A backup is being made now; try again when it is done',
        code: 'backup_running',
      });
    } finally {
      await held?.release();
    }
    expect(files()).toEqual(before);
  });

  it('keeps the newest BACKUP_KEEP, removing the oldest only once a new one is whole', async () => {
    const first = files()[0];
    const made: string[] = [];
    for (let i = 0; i < 2; i++) made.push((await backUp()).json().backup.file);
    expect(files()).toEqual(made.sort());
    expect(files()).not.toContain(first);
    expect((await list()).json().backups.map((b: { file: string }) => b.file)).toEqual([...made].reverse());
  });
});

/** Whether this machine lets the tests mount a small tmpfs (as root with the right to mount). */
function canMount(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'fat-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

describe.skipIf(!canMount())('a backup folder with no room left (needs the right to mount a tmpfs)', () => {
  let small: string;
  let mounted = false;
  beforeAll(() => {
    small = mkdtempSync(join(tmpdir(), 'fat-full-disk-'));
    // A real full disk: a small in-memory file system of its own, with room for one backup and a
    // half (the newest backup's size is this practice's).
    const one = Math.max(...readdirSync(dir).map((f) => statSync(join(dir, f)).size));
    const pages = Math.ceil((one * 1.5) / 4096);
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${pages * 4096}`, 'tmpfs', small], { stdio: 'pipe' });
    mounted = true;
  });
  afterAll(() => {
    if (mounted) execFileSync('umount', [small]);
    rmSync(small, { recursive: true, force: true });
  });

  it('fails in words with 507, keeps the older backups, says it on the list, and the server goes on', async () => {
    const backups = createBackups(t.db, { ...t.env.backup, dir: small, keep: 14 }, t.env.dataDir);
    const older = await backups.backUp({ id: null, username: null });
    const failed = await backups.backUp({ id: null, username: null }).catch((e: unknown) => e);
    expect(failed).toMatchObject({
      status: 507,
      code: 'backup_no_space',
      message: `No space left in the backup folder ${small}: the older backups are kept`,
    });
    expect(readdirSync(small)).toEqual([older.file]);
    await verifyBackup(join(small, older.file), key());
    const listed = await backups.list();
    expect(listed.last_error).toBe(`No space left in the backup folder ${small}: the older backups are kept`);
    expect(listed.backups.map((b) => [b.file, b.ok])).toEqual([[older.file, true]]);
    expect(await audited('backup_failed')).toBe(1);
    // The server still answers.
    expect((await list()).statusCode).toBe(200);
    // Room again: the next one works and the error is no longer shown.
    rmSync(join(small, older.file));
    await backups.backUp({ id: null, username: null });
    expect((await backups.list()).last_error).toBeNull();
  });
});

describe('the daily backup', () => {
  it('is made once per slot, by the one process whose claim goes in', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'fat-daily-'));
    mkdirSync(folder, { recursive: true });
    try {
      // Two processes' services on one database.
      const settings = { ...t.env.backup, dir: folder, at: { hour: 2, minute: 30 } };
      const jobs = [1, 2].map(() => createBackups(t.db, settings, t.env.dataDir).job());
      // The schedule began when these processes started: the slot before that is not one missed.
      const now = new Date();
      const day = (d: number, hour: number, minute: number) =>
        new Date(now.getFullYear(), now.getMonth(), now.getDate() + d, hour, minute, 5);
      expect(await jobs[0].run(day(0, 2, 30) < now ? day(0, 2, 30) : day(-1, 2, 30))).toBe('not-due');
      const outcomes = await Promise.all(jobs.map((job) => job.run(day(1, 2, 30))));
      expect(outcomes.sort()).toEqual(['made', 'taken']);
      // Later the same day: the slot is taken; the next day's is new, and one missed comes back.
      expect(await jobs[0].run(day(1, 14, 0))).toBe('taken');
      expect(await jobs[1].run(day(3, 9, 0))).toBe('made');
      expect(files(folder).filter((f) => f.endsWith('.fab'))).toHaveLength(2);
      const scheduled = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'backup_made' AND detail->>'scheduled' = 'true'`,
      );
      expect(scheduled[0].n).toBe(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
