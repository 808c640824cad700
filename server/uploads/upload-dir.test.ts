import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnUnreaped, type Unreaped } from '../test/unreaped';
import { newUploadPath, prepareUploadDir, uploadDir } from './upload-dir';

const uploadModule = join(import.meta.dirname, 'upload-dir.ts');

/** Another server on the same data folder, in the middle of an upload. */
async function uploading(dataDir: string): Promise<Unreaped> {
  const script = `import { writeFileSync } from 'node:fs';
    import { newUploadPath, prepareUploadDir, uploadDir } from ${JSON.stringify(uploadModule)};
    await prepareUploadDir(${JSON.stringify(dataDir)});
    writeFileSync(newUploadPath(uploadDir(${JSON.stringify(dataDir)})), 'Smith, John', { mode: 0o600 });
    console.log('uploading'); setInterval(() => {}, 1000);`;
  const proc = await spawnUnreaped([
    process.execPath,
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
  ]);
  await proc.printed('uploading');
  return proc;
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fat-uploads-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the uploads folder', () => {
  it('is the owner’s only, keeps the files of running servers and removes those of killed ones, zombies too', async () => {
    const dir = uploadDir(root);
    const first = await prepareUploadDir(root);
    expect(first.removed).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const mine = newUploadPath(dir);
    writeFileSync(mine, 'in progress');
    const running = await uploading(root);
    const killed = await uploading(root);
    try {
      killed.kill('SIGKILL');
      await killed.exited;
      // A zombie: a check by pid would still see it running.
      expect(killed.state()).toBe('Z');
      writeFileSync(join(dir, 'stray'), 'x');
      const names = () => readdirSync(dir).sort();
      const ofRunning = names().filter((name) => name.startsWith(`${running.pid}.`));
      expect(ofRunning).toHaveLength(1);

      const second = await prepareUploadDir(root);
      expect(second.removed).toBe(2);
      expect(names()).toEqual([mine.slice(dir.length + 1), ...ofRunning].sort());
      await second.release();
    } finally {
      running.release();
      killed.release();
      await first.release();
    }
  }, 30_000);

  it('treats files of an earlier version, named by pid only, by whether that pid runs', async () => {
    const dir = uploadDir(root);
    await (await prepareUploadDir(root)).release();
    const gone = spawn('true');
    await new Promise((r) => gone.on('exit', r));
    writeFileSync(join(dir, `${gone.pid}-left-by-a-killed-server`), 'Smith, John');
    const parent = `${process.ppid}-another-running-process`;
    writeFileSync(join(dir, parent), 'in progress');
    const { removed, release } = await prepareUploadDir(root);
    await release();
    expect(removed).toBe(1);
    expect(readdirSync(dir)).toEqual([parent]);
  });
});
