import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportKind } from '../../common/api/imports';
import { processId } from '../db/liveness';
import { HttpError } from '../http/errors';
import type { UploadedFile } from './service';
import { newUploadPath } from './upload-dir';

export const PREVIEW_GONE = 'This preview has expired: choose the file again';

/** What a kept file was previewed as, in a file beside it (0600 too). */
interface PreviewMeta {
  userId: number;
  kind: ImportKind;
  fileName: string;
  replace: boolean;
  /** ms since 1970. */
  expiresAt: number;
}

export interface TakenPreview extends UploadedFile {
  replace: boolean;
  remove(): Promise<void>;
}

// 24 random bytes: 32 characters of base64url, which a file name holds as it is.
const ID = /^[A-Za-z0-9_-]{32}$/;
const MARK = '-preview-';

const gone = () => new HttpError(410, PREVIEW_GONE, { code: 'preview_expired' });

/**
 * Previewed files waiting for their confirmation (docs/behaviour.md section 2). Each stays in the
 * uploads folder under the name `{server id}-preview-{id}`, so the start-up cleanup of a server no
 * longer running removes it as it does that server's uploads, and so do this server's shutdown,
 * the timer that expires it, its import, and its cancelling. The id is unguessable and bound to
 * the user and kind it was previewed for. Another process sharing the folder finds it by its name,
 * so the confirmation may reach any of them.
 */
export class PreviewStore {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
    // Read when called, so a test's clock is the one used.
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Keeps an upload already in the folder (0600); answers its id and when it expires. */
  async keep(path: string, meta: Omit<PreviewMeta, 'expiresAt'>): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(24).toString('base64url');
    const base = join(this.dir, `${processId}${MARK}${id}`);
    const expiresAt = this.now() + this.ttlMs;
    await writeFile(`${base}.json`, JSON.stringify({ ...meta, expiresAt }), { flag: 'wx', mode: 0o600 });
    try {
      await rename(path, base);
    } catch (err) {
      await rm(`${base}.json`, { force: true });
      throw err;
    }
    this.timers.set(id, setTimeout(() => void this.removeBase(base, id).catch(() => {}), this.ttlMs).unref());
    return { id, expiresAt: new Date(expiresAt) };
  }

  /**
   * Takes the file out of the store for its import: renamed to an upload of this process, so of
   * two confirmations at once only one gets it. Unknown, used, expired, or another user's or
   * kind's: 410.
   */
  async take(id: string, userId: number, kind: ImportKind): Promise<TakenPreview> {
    const { base, meta } = await this.find(id, userId);
    if (meta.kind !== kind) throw gone();
    const path = newUploadPath(this.dir);
    try {
      await rename(base, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw gone();
      throw err;
    }
    await this.removeBase(base, id);
    return {
      path,
      fileName: meta.fileName,
      replace: meta.replace,
      remove: () => rm(path, { force: true }),
    };
  }

  /** Cancels a preview: its file goes at once. */
  async drop(id: string, userId: number): Promise<void> {
    const { base } = await this.find(id, userId);
    await this.removeBase(base, id);
  }

  /** At shutdown: this server's previews go, and their timers with them. */
  async close(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    const own = `${processId}${MARK}`;
    const names = await readdir(this.dir).catch(() => []);
    await Promise.all(
      names.filter((name) => name.startsWith(own)).map((name) => rm(join(this.dir, name), { force: true })),
    );
  }

  private async find(id: string, userId: number): Promise<{ base: string; meta: PreviewMeta }> {
    if (!ID.test(id)) throw gone();
    const name = (await readdir(this.dir)).find((n) => n.endsWith(`${MARK}${id}`));
    if (!name) throw gone();
    const base = join(this.dir, name);
    let meta: PreviewMeta;
    try {
      meta = JSON.parse(await readFile(`${base}.json`, 'utf8'));
    } catch {
      throw gone();
    }
    if (meta.userId !== userId) throw gone();
    if (meta.expiresAt <= this.now()) {
      await this.removeBase(base, id);
      throw gone();
    }
    return { base, meta };
  }

  private async removeBase(base: string, id: string): Promise<void> {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    await Promise.all([rm(base, { force: true }), rm(`${base}.json`, { force: true })]);
  }
}
