import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { holdLiveness, isAlive, processId } from '../db/liveness';

/**
 * Uploads hold patient data until their import ends, so they are kept in the data folder, not
 * the shared system temp: the folder is the owner's only (0700), each file too (0600), and each
 * name starts with the id of the server that wrote it (see liveness.ts).
 */
export const uploadDir = (dataDir: string) => join(dataDir, 'uploads');

export const newUploadPath = (dir: string) => join(dir, `${processId}-${randomUUID()}`);

/**
 * Makes the folder and removes what servers that are no longer running left behind (a server
 * killed mid-upload cannot remove its own). Files of a running server, this one or another app
 * process sharing the folder, are left alone. This process answers as running there until
 * `release` (so from before its first upload): another process starting meanwhile must keep its
 * files too.
 */
export async function prepareUploadDir(
  dataDir: string,
): Promise<{ removed: number; release: () => Promise<void> }> {
  const release = await holdLiveness(dataDir);
  const dir = uploadDir(dataDir);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const alive = new Map<string, Promise<boolean>>();
    let removed = 0;
    for (const name of await readdir(dir)) {
      const owner = name.slice(0, Math.max(0, name.indexOf('-')));
      if (!alive.has(owner)) alive.set(owner, isAlive(dataDir, owner));
      if (await alive.get(owner)) continue;
      await rm(join(dir, name), { force: true, recursive: true });
      removed++;
    }
    return { removed, release };
  } catch (err) {
    await release();
    throw err;
  }
}
