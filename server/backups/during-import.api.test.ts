import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/client';
import { bearer, createTestContext, openTestDb, type TestContext } from '../test/harness';
import { largeReport } from '../test/large-report';
import { upload } from '../test/upload';
import { restoreBackup } from '.';

// A backup taken while a replacing import runs restores to the data before that import or after
// it, whole: never a mix (docs/behaviour.md section 21). Both databases.

const KEY = 'cd'.repeat(32);
const DATA_TABLES = ['procedures', 'patients', 'scoresheet', 'imports', 'locations', 'lead_people'];
let t: TestContext;
let admin: string;
let dir: string;
let bigFile: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fat-backup-import-'));
  t = await createTestContext({ BACKUP_DIR: join(dir, 'backups'), BACKUP_KEY: KEY });
  admin = await t.login('admin', 'admin-pass');
  bigFile = await largeReport(dir, 11);
  const small = await upload(
    t,
    admin,
    'raw-data',
    'small.csv',
    readFileSync('samples/full-arch-report.csv'),
    {
      replace: 'true',
    },
  );
  expect(small.statusCode, small.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function dataRows(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of DATA_TABLES)
    out[table] = (await db.query<{ r: string }>(`SELECT t::text AS r FROM ${table} t`))
      .map((r) => r.r)
      .sort();
  return out;
}

describe('a backup during an import', () => {
  it('restores to the data before the import or after it, whole', async () => {
    const before = await dataRows(t.db);
    let importDone = false;
    const importing = upload(t, admin, 'raw-data', 'big.csv', bigFile, { replace: 'true' }).finally(() => {
      importDone = true;
    });
    // The import under way: its upload read and its transaction begun.
    await new Promise((r) => setTimeout(r, 400));
    expect(importDone).toBe(false);
    const backup = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: bearer(admin) });
    expect(backup.statusCode, backup.body).toBe(200);
    expect((await importing).statusCode).toBe(200);
    const after = await dataRows(t.db);
    expect(after.procedures.length).toBeGreaterThan(before.procedures.length * 10);

    const target = await openTestDb();
    try {
      await restoreBackup(
        target.db,
        join(t.env.backup.dir, backup.json().backup.file),
        Buffer.from(KEY, 'hex'),
      );
      const restored = await dataRows(target.db);
      expect([before, after].some((state) => JSON.stringify(state) === JSON.stringify(restored))).toBe(true);
    } finally {
      await target.drop();
    }
  }, 180_000);
});
