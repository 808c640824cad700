import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes the files under a folder take, all levels down; 0 when it does not exist. */
export async function folderBytes(dir: string): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += await folderBytes(path);
    else if (e.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
