import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PREVIEW_GONE, PreviewStore } from './preview-store';
import { newUploadPath, prepareUploadDir, uploadDir } from './upload-dir';

let root: string;
let dir: string;
let clock: number;
let store: PreviewStore;
const MINUTE = 60_000;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fat-previews-'));
  dir = uploadDir(root);
  mkdirSync(dir, { mode: 0o700 });
  clock = 1_000_000;
  store = new PreviewStore(dir, 10 * MINUTE, () => clock);
});
afterEach(async () => {
  await store.close();
  rmSync(root, { recursive: true, force: true });
});

/** A file as an upload leaves it in the folder. */
function received(content = 'Patient,Appt Date\n'): string {
  const path = newUploadPath(dir);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

const meta = { userId: 7, kind: 'future-scheduled', fileName: 'next.csv', replace: true } as const;

describe('PreviewStore', () => {
  it('keeps a file under an id, gives it to its user once, and lets nothing of it stay', async () => {
    const { id, expiresAt } = await store.keep(received('rows'), meta);
    expect(expiresAt.getTime()).toBe(clock + 10 * MINUTE);
    expect(readdirSync(dir)).toHaveLength(2);
    const taken = await store.take(id, 7, 'future-scheduled');
    expect(taken).toMatchObject({ fileName: 'next.csv', replace: true });
    expect(readFileSync(taken.path, 'utf8')).toBe('rows');
    await expect(store.take(id, 7, 'future-scheduled')).rejects.toMatchObject({
      status: 410,
      message: PREVIEW_GONE,
    });
    await taken.remove();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('gives one of two confirmations at once the file, the other 410', async () => {
    const { id } = await store.keep(received(), meta);
    const results = await Promise.allSettled([
      store.take(id, 7, 'future-scheduled'),
      store.take(id, 7, 'future-scheduled'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses another user, another kind and an expired id', async () => {
    const { id } = await store.keep(received(), meta);
    await expect(store.take(id, 8, 'future-scheduled')).rejects.toMatchObject({ status: 410 });
    await expect(store.take(id, 7, 'raw-data')).rejects.toMatchObject({ status: 410 });
    await expect(store.drop(id, 8)).rejects.toMatchObject({ status: 410 });
    expect(readdirSync(dir)).toHaveLength(2);
    clock += 10 * MINUTE;
    await expect(store.take(id, 7, 'future-scheduled')).rejects.toMatchObject({ status: 410 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes a file when its time is up, without a call', async () => {
    const quick = new PreviewStore(dir, 50);
    await quick.keep(received(), meta);
    await vi.waitFor(() => expect(readdirSync(dir)).toEqual([]));
    await quick.close();
  });

  it("removes this server's previews when it shuts down", async () => {
    await store.keep(received(), meta);
    // Another server's preview in a shared folder is its own to remove.
    writeFileSync(join(dir, '99999.0123456789-preview-abc'), 'x');
    await store.close();
    expect(readdirSync(dir)).toEqual(['99999.0123456789-preview-abc']);
  });

  it('is removed at the next start when the server that kept it is no longer running', async () => {
    writeFileSync(join(dir, `99999.0123456789-preview-${'a'.repeat(32)}`), 'Smith, John');
    writeFileSync(join(dir, `99999.0123456789-preview-${'a'.repeat(32)}.json`), '{}');
    const started = await prepareUploadDir(root);
    expect(started.removed).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
    await started.release();
  });
});
