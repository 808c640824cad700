import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { holdLiveness, isAlive, isProcessId, pidOf, processId } from './liveness';

export class DataDirLockedError extends Error {}

function readOwner(file: string): string | null {
  try {
    const owner = readFileSync(file, 'utf8').trim();
    return isProcessId(owner) ? owner : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

const inUse = (dataDir: string, owner: string) =>
  new DataDirLockedError(
    `The data folder ${dataDir} is in use by another running server (pid ${pidOf(owner)}); stop it first or set DATA_DIR.`,
  );

/**
 * The embedded database has no lock between processes, so two servers on one data folder would
 * corrupt it. A lock file holds the owner's id; a lock whose owner no longer answers (see
 * liveness.ts; killed with -9, even while still a zombie) is taken over, so a crash never leaves a
 * folder that cannot be opened.
 *
 * Two servers started at once must not both win: the lock file appears with its id already in it
 * (written aside, then hard-linked into place, which fails if the file exists), and a stale lock
 * is moved away by rename, which only one of them can do to that file; whoever moved another lock
 * by mistake (taken over in between) puts it back and looks again.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const release = await holdLiveness(dataDir);
  try {
    const unlock = await takeLock(dataDir);
    return async () => {
      unlock();
      await release();
    };
  } catch (err) {
    await release();
    throw err;
  }
}

async function takeLock(dataDir: string): Promise<() => void> {
  const file = join(dataDir, 'server.lock');
  const mine = join(dataDir, `server.lock.${processId}`);
  writeFileSync(mine, processId);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        return () => rmSync(file, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      if (owner !== null && (await isAlive(dataDir, owner))) throw inUse(dataDir, owner);
      const moved = join(dataDir, `server.lock.stale.${processId}`);
      try {
        renameSync(file, moved);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      // Put back at once, unjudged, a lock other than the one judged stale (taken over in
      // between): the folder must be without a lock file for as short a moment as can be.
      if (readOwner(moved) !== owner) {
        try {
          linkSync(moved, file);
        } catch {
          // Someone locked the folder meanwhile: that lock stands.
        }
        rmSync(moved, { force: true });
        continue;
      }
      rmSync(moved, { force: true });
    }
    throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
  } finally {
    rmSync(mine, { force: true });
  }
}
