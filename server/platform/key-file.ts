/**
 * A 32-byte key kept in a file of the data folder (0600) when no setting gives it: SYNC_KEY's
 * `sync.key` (secret-box.ts) and BACKUP_KEY's `backup.key` (backups). docs/security.md says to keep
 * a copy of each somewhere else: without it what it sealed cannot be read.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The key in `path`, or null when there is no file or it does not hold 64 hex digits. */
export async function readKeyFile(path: string): Promise<Buffer | null> {
  try {
    const bytes = Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
    return bytes.length === 32 ? bytes : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The key in `path`, made there first when there is none. */
export async function readOrMakeKeyFile(path: string): Promise<Buffer> {
  const existing = await readKeyFile(path);
  if (existing) return existing;
  const made = randomBytes(32);
  await mkdir(dirname(path), { recursive: true });
  // 'wx': of two processes sharing a data folder making it at once, the first one's key stands.
  try {
    await writeFile(path, `${made.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const other = await readKeyFile(path);
    if (other) return other;
    throw err;
  }
  await chmod(path, 0o600);
  return made;
}
