import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isRunning } from '../db/lock';

/**
 * Uploads hold patient data until their import ends, so they are kept in the data folder, not
 * the shared system temp: the folder is the owner's only (0700), each file too (0600), and each
 * name starts with the pid of the server that wrote it.
 */
export const uploadDir = (dataDir: string) => join(dataDir, 'uploads');

export const newUploadPath = (dir: string) => join(dir, `${process.pid}-${randomUUID()}`);

/**
 * Makes the folder and removes what servers that are no longer running left behind (a server
 * killed mid-upload cannot remove its own). Files of a running server, this one or another app
 * process sharing the folder, are left alone. Returns how many files were removed.
 */
export async function prepareUploadDir(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let removed = 0;
  for (const name of await readdir(dir)) {
    const pid = Number.parseInt(name, 10);
    if (Number.isInteger(pid) && (pid === process.pid || isRunning(pid))) continue;
    await rm(join(dir, name), { force: true, recursive: true });
    removed++;
  }
  return removed;
}
