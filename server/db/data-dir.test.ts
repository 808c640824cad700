import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitHealthy } from '../test/spawn-server';
import { DataDirLockedError, lockDataDir } from './lock';

describe('data folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fat-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a folder held by a running process', () => {
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'server.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another running server/);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('lets exactly one of several servers started at once take over a stale lock', async () => {
    const gone = spawn('true');
    await new Promise((r) => gone.on('exit', r));
    writeFileSync(join(dir, 'server.lock'), String(gone.pid));
    const lockModule = join(import.meta.dirname, 'lock.ts');
    // The racers start together (a shared moment, waited for busily), and each holds the lock it
    // won for a while, so a later racer meets a live owner.
    const startAt = Date.now() + 2500;
    const script = `import { lockDataDir } from ${JSON.stringify(lockModule)};
      while (Date.now() < ${startAt}) {}
      try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); setTimeout(() => {}, 3000); }
      catch (err) { console.log(err.constructor.name); }`;
    const racers = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
    );
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

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawn('true');
    await new Promise((r) => gone.on('exit', r));
    writeFileSync(join(dir, 'server.lock'), String(gone.pid));
    const unlock = lockDataDir(dir);
    unlock();
  });
});

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
