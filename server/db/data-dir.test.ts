import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitHealthy } from '../test/spawn-server';
import { spawnUnreaped } from '../test/unreaped';
import { processId } from './liveness';
import { DataDirLockedError, lockDataDir } from './lock';

const lockModule = join(import.meta.dirname, 'lock.ts');
const inTsx = (script: string) => [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script];

describe('data folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fat-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a folder held by a running server, and takes it over once that server is killed though not reaped', async () => {
    const owner = await spawnUnreaped(
      inTsx(`import { lockDataDir } from ${JSON.stringify(lockModule)};
        await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`),
    );
    try {
      await owner.printed('locked');
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by another running server (pid ${owner.pid})`);
      owner.kill('SIGKILL');
      await owner.exited;
      // A zombie: a check by pid would still see it running.
      expect(owner.state()).toBe('Z');
      expect(() => process.kill(owner.pid, 0)).not.toThrow();
      const unlock = await lockDataDir(dir);
      await unlock();
    } finally {
      owner.release();
    }
  }, 30_000);

  it('lets exactly one of several servers started at once take over a stale lock', async () => {
    writeFileSync(join(dir, 'server.lock'), await goneId());
    // The racers start together (a shared moment, waited for busily), and each holds the lock it
    // won for a while, so a later racer meets a live owner.
    const startAt = Date.now() + 2500;
    const script = `import { lockDataDir } from ${JSON.stringify(lockModule)};
      while (Date.now() < ${startAt}) {}
      try { await lockDataDir(${JSON.stringify(dir)}); console.log('won'); setTimeout(() => {}, 3000); }
      catch (err) { console.log(err.constructor.name); }`;
    const racers = Array.from({ length: 4 }, () => {
      const [command, ...args] = inTsx(script);
      return spawn(command, args);
    });
    const outcomes = await Promise.all(
      racers.map(
        (proc) =>
          new Promise<string>((resolve) => {
            let out = '';
            proc.stdout.on('data', (chunk) => {
              out += chunk;
              if (out.includes('\n')) resolve(out.trim());
            });
            proc.on('exit', () => resolve(out.trim()));
          }),
      ),
    );
    for (const proc of racers) proc.kill('SIGKILL');
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(3);
  }, 30_000);

  it('takes over a lock left by a process that is gone, and leaves nothing behind when released', async () => {
    writeFileSync(join(dir, 'server.lock'), await goneId());
    const unlock = await lockDataDir(dir);
    expect(readdirSync(join(dir, 'live'))).toEqual([processId]);
    await unlock();
    expect(readdirSync(dir).sort()).toEqual(['live']);
    expect(readdirSync(join(dir, 'live'))).toEqual([]);
  });

  it('still honours a lock of an earlier version, which holds a pid only', async () => {
    const other = spawn('sleep', ['30']);
    const gone = new Promise((r) => other.on('exit', r));
    writeFileSync(join(dir, 'server.lock'), String(other.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by another running server (pid ${other.pid})`);
    other.kill('SIGKILL');
    await gone;
    await (await lockDataDir(dir))();
  });
});

/** The id a process would have had, of one that has ended: nothing answers for it. */
async function goneId(): Promise<string> {
  const gone = spawn('true');
  await new Promise((r) => gone.on('exit', r));
  return `${gone.pid}.0123456789`;
}

describe('the server on an embedded data folder', () => {
  it('refuses a second server, and opens again after the first is killed with -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fat-kill-'));
    const env = { DATA_DIR: dir, ADMIN_PASSWORD: 'admin-pass' };
    try {
      const first = spawnServer({ ...env, PORT: '3211' });
      expect(await waitHealthy(first)).toBe(true);

      const second = spawnServer({ ...env, PORT: '3212' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another running server/);

      first.proc.kill('SIGKILL');
      await first.exited;
      const third = spawnServer({ ...env, PORT: '3213' });
      expect(await waitHealthy(third)).toBe(true);
      const login = await fetch(`${third.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin-pass' }),
      });
      expect(login.status).toBe(200);
      third.proc.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('stops at start-up with a one-line reason for a bad setting', async () => {
    const server = spawnServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Invalid setting PORT: /);
  });
});
