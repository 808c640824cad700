import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_FILE_PATTERN } from '../../common/api/backups';
import { type ServerGroup, startServerGroup } from '../test/server-group';
import { verifyBackup } from '.';

// Two app processes on one PostgreSQL server, both started with the same backup folder and the
// slot due: one backup is made, by whichever claims the slot first (docs/behaviour.md section 21).

const KEY = 'ef'.repeat(32);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the daily backup with two processes (needs TEST_DATABASE_URL)',
  () => {
    let group: ServerGroup;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'fat-shared-backups-'));
      // The slot is the next whole minute at least half a minute away: after both have started,
      // and each one's look at the clock, every 20 seconds, finds it due about when the other's does.
      const slot = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
      const time = `${String(slot.getHours()).padStart(2, '0')}:${String(slot.getMinutes()).padStart(2, '0')}`;
      group = await startServerGroup(2, {
        ADMIN_PASSWORD: 'admin-pass',
        BACKUP_DIR: dir,
        BACKUP_KEY: KEY,
        BACKUP_TIME: time,
      });
    }, 120_000);
    afterAll(async () => {
      await group?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    const made = () => readdirSync(dir).filter((f) => BACKUP_FILE_PATTERN.test(f));

    it('is made by one of them only', async () => {
      const end = Date.now() + 150_000;
      while (made().length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
      expect(made()).toHaveLength(1);
      // Both have looked by now (they started together); the other found the slot taken.
      await new Promise((r) => setTimeout(r, 8000));
      expect(made()).toHaveLength(1);
      expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
      await verifyBackup(join(dir, made()[0]), Buffer.from(KEY, 'hex'));
    }, 200_000);
  },
);
