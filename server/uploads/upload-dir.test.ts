import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newUploadPath, prepareUploadDir } from './upload-dir';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fat-uploads-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the uploads folder', () => {
  it('is the owner’s only and keeps the files of running servers', async () => {
    const dir = join(root, 'uploads');
    expect(await prepareUploadDir(dir)).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dir, `${dead}-left-by-a-killed-server`), 'Smith, John');
    writeFileSync(join(dir, 'stray'), 'x');
    const mine = newUploadPath(dir);
    writeFileSync(mine, 'in progress');
    const parent = join(dir, `${process.ppid}-another-running-process`);
    writeFileSync(parent, 'in progress');
    expect(await prepareUploadDir(dir)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(
      [mine.slice(dir.length + 1), parent.slice(dir.length + 1)].sort(),
    );
  });
});
