import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnUnreaped, type Unreaped } from '../test/unreaped';
import { holdLiveness, isAlive, processId } from './liveness';

const livenessModule = join(import.meta.dirname, 'liveness.ts');

/** Another process holding its liveness in `dataDir`; prints its id. */
async function holder(dataDir: string): Promise<Unreaped & { id: string }> {
  const script = `import { holdLiveness, processId } from ${JSON.stringify(livenessModule)};
    await holdLiveness(${JSON.stringify(dataDir)}); console.log('id=' + processId); setInterval(() => {}, 1000);`;
  const proc = await spawnUnreaped([
    process.execPath,
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
  ]);
  await proc.printed('\n');
  return { ...proc, id: /id=(\S+)/.exec(proc.output())?.[1] ?? '' };
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fat-live-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('liveness', () => {
  it('answers for a running process only, its socket the owner’s only', async () => {
    const other = await holder(root);
    try {
      expect(statSync(join(root, 'live', other.id)).mode & 0o777).toBe(0o600);
      expect(statSync(join(root, 'live')).mode & 0o777).toBe(0o700);
      expect(await isAlive(root, other.id)).toBe(true);
      other.kill('SIGKILL');
      await other.exited;
      expect(other.state()).toBe('Z');
      expect(await isAlive(root, other.id)).toBe(false);
      expect(await isAlive(root, `${process.pid}.0123456789`)).toBe(false);
      expect(await isAlive(root, '../../etc/passwd')).toBe(false);
    } finally {
      other.release();
    }
  }, 30_000);

  it('works in a data folder whose path is too long for a socket address', async () => {
    const deep = join(root, 'a-folder-name-of-some-length'.repeat(5));
    mkdirSync(deep);
    expect(Buffer.byteLength(join(deep, 'live', processId))).toBeGreaterThan(108);
    const other = await holder(deep);
    try {
      expect(await isAlive(deep, other.id)).toBe(true);
      other.kill('SIGKILL');
      await other.exited;
      expect(await isAlive(deep, other.id)).toBe(false);
      const release = await holdLiveness(deep);
      expect(readdirSync(join(deep, 'live'))).toContain(processId);
      await release();
      expect(readdirSync(join(deep, 'live'))).not.toContain(processId);
    } finally {
      other.release();
    }
  }, 30_000);

  it('removes the sockets of processes long gone, and none that may be a moment from listening', async () => {
    const old = await holder(root);
    const young = await holder(root);
    const live = await holder(root);
    try {
      for (const gone of [old, young]) {
        gone.kill('SIGKILL');
        await gone.exited;
      }
      const hourAgo = new Date(Date.now() - 3600_000);
      utimesSync(join(root, 'live', old.id), hourAgo, hourAgo);
      utimesSync(join(root, 'live', live.id), hourAgo, hourAgo);
      const release = await holdLiveness(root);
      expect(readdirSync(join(root, 'live')).sort()).toEqual([young.id, live.id, processId].sort());
      await release();
    } finally {
      for (const proc of [old, young, live]) proc.release();
    }
  }, 30_000);
});
