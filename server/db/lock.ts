import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

const inUse = (dataDir: string, owner: number) =>
  new DataDirLockedError(
    `The data folder ${dataDir} is in use by another running server (pid ${owner}); stop it first or set DATA_DIR.`,
  );

/**
 * The embedded database has no lock between processes, so two servers on one data folder would
 * corrupt it. A lock file holds the owner's pid; a lock whose process is gone (killed with -9)
 * is taken over, so a crash never leaves a folder that cannot be opened.
 *
 * Two servers started at once must not both win: the lock file appears with its pid already in it
 * (written aside, then hard-linked into place, which fails if the file exists), and a stale lock
 * is moved away by rename, which only one of them can do to that file; whoever moved a live lock
 * by mistake (taken over in between) puts it back and gives way.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  const mine = join(dataDir, `server.lock.${process.pid}`);
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        return () => rmSync(file, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      if (owner !== null && owner !== process.pid && isRunning(owner)) throw inUse(dataDir, owner);
      const moved = join(dataDir, `server.lock.stale.${process.pid}`);
      try {
        renameSync(file, moved);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const movedOwner = readOwner(moved);
      if (movedOwner !== null && movedOwner !== owner && isRunning(movedOwner)) {
        try {
          linkSync(moved, file);
        } catch {
          // Someone locked the folder meanwhile: the live owner's lock stands either way.
        }
        rmSync(moved, { force: true });
        throw inUse(dataDir, movedOwner);
      }
      rmSync(moved, { force: true });
    }
    throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
  } finally {
    rmSync(mine, { force: true });
  }
}
