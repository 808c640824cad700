import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openPostgres } from '../../db/client';
import { migrate } from '../../db/migrate';
import { type Scheduler, startScheduler } from '../../jobs/scheduler';
import { createSecretBox } from '../../platform/secret-box';
import { fakeOpendental } from '../../test/fake-opendental';
import { openTestDb } from '../../test/harness';
import { SyncError } from './connection';
import { lastSync } from './runs';
import { scheduledSync } from './scheduled';
import { type SyncConfig, saveOpendental } from './settings';

/*
 * Two app processes, each with its own scheduler, its own connection pool (on a PostgreSQL
 * server) and its own clock, reach the same slots: each slot is synced by one of them. The
 * clocks are moved by hand; nothing waits for real time.
 */

const ADMIN = { id: null, username: 'admin' };
// Local times, as the server's clock reads them.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

let test: Awaited<ReturnType<typeof openTestDb>>;
let second: Db;
let dir: string;
let config: SyncConfig;
let clock = at(5, 10, 20);
const fakes = [fakeOpendental(), fakeOpendental()];
const outcomes: string[][] = [];
let schedulers: Scheduler[];
const syncs = () => fakes[0].syncs + fakes[1].syncs;

/** Both processes look at the clock at the same moment; answers what each did. */
async function tickBoth(now: Date): Promise<string[]> {
  clock = now;
  outcomes.length = 0;
  await Promise.all(schedulers.map((s) => s.tick()));
  return outcomes.map((o) => o[0]).sort();
}

beforeAll(async () => {
  test = await openTestDb();
  await migrate(test.db);
  // A second process opens its own pool on the same database; the embedded one has a single process.
  second = test.url ? await openPostgres(test.url) : test.db;
  dir = mkdtempSync(join(tmpdir(), 'fat-sync-'));
  config = { opendentalUrl: undefined, box: createSecretBox(dir, undefined) };
  const jobs = [test.db, second].map((db, i) => {
    const job = scheduledSync(db, config, fakes[i]);
    return {
      name: job.name,
      run: async (now: Date) => {
        outcomes.push([await job.run(now)]);
      },
    };
  });
  schedulers = jobs.map((job) => startScheduler([job], { now: () => clock, everyMs: 3_600_000 }));
  await saveOpendental(
    test.db,
    ADMIN,
    config,
    { host: 'od.local', user: 'reader', password: 'pw', schedule: 'hourly' },
    at(5, 10, 20),
  );
});

afterAll(async () => {
  await Promise.all(schedulers.map((s) => s.stop()));
  if (second !== test.db) await second.close();
  await test.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the hourly schedule on two app processes', () => {
  it('does not sync for the slot that began before it was turned on', async () => {
    expect(await tickBoth(at(5, 10, 40))).toEqual(['not-due', 'not-due']);
    expect(syncs()).toBe(0);
  });

  it('syncs once at minute 0 of the next hour, in one process', async () => {
    expect(await tickBoth(at(5, 11, 0))).toEqual(['synced', 'taken']);
    expect(syncs()).toBe(1);
    expect(await lastSync(test.db)).toMatchObject({ ok: true, records_imported: 12 });
  });

  it('does not sync that slot again, however often the clock is read', async () => {
    expect(await tickBoth(at(5, 11, 1))).toEqual(['taken', 'taken']);
    expect(await tickBoth(at(5, 11, 59))).toEqual(['taken', 'taken']);
    expect(syncs()).toBe(1);
  });

  it('tries a failed sync again at the next slot, not before', async () => {
    for (const f of fakes)
      f.failWith = new SyncError(502, 'Open Dental refused the connection', 'opendental_refused');
    expect(await tickBoth(at(5, 12, 0))).toEqual(['failed', 'taken']);
    expect(await lastSync(test.db)).toMatchObject({ ok: false, error: 'Open Dental refused the connection' });
    expect(await tickBoth(at(5, 12, 30))).toEqual(['taken', 'taken']);
    expect(syncs()).toBe(2);
    for (const f of fakes) f.failWith = null;
    expect(await tickBoth(at(5, 13, 0))).toEqual(['synced', 'taken']);
    expect(syncs()).toBe(3);
  });

  it('syncs a slot missed while both were down when they come back', async () => {
    expect(await tickBoth(at(5, 16, 25))).toEqual(['synced', 'taken']);
    expect(syncs()).toBe(4);
  });
});

describe('the daily schedule', () => {
  it('syncs at 05:00 only, once a day', async () => {
    await saveOpendental(
      test.db,
      ADMIN,
      config,
      { host: 'od.local', user: 'reader', schedule: 'daily' },
      at(5, 17),
    );
    expect(await tickBoth(at(5, 18, 0))).toEqual(['not-due', 'not-due']);
    expect(await tickBoth(at(6, 4, 59))).toEqual(['not-due', 'not-due']);
    expect(await tickBoth(at(6, 5, 0))).toEqual(['synced', 'taken']);
    expect(await tickBoth(at(6, 6, 0))).toEqual(['taken', 'taken']);
    expect(syncs()).toBe(5);
  });

  it('stops when turned off', async () => {
    await saveOpendental(
      test.db,
      ADMIN,
      config,
      { host: 'od.local', user: 'reader', schedule: 'off' },
      at(6, 7),
    );
    expect(await tickBoth(at(7, 5, 0))).toEqual(['not-due', 'not-due']);
    expect(syncs()).toBe(5);
  });

  it('syncs at the hour an admin chose instead of 05:00, and waits for a moved hour', async () => {
    const daily = { host: 'od.local', user: 'reader', schedule: 'daily' as const };
    await saveOpendental(test.db, ADMIN, config, { ...daily, daily_hour: 18 }, at(8, 4));
    expect(await tickBoth(at(8, 5, 0))).toEqual(['not-due', 'not-due']);
    expect(await tickBoth(at(8, 17, 59))).toEqual(['not-due', 'not-due']);
    expect(await tickBoth(at(8, 18, 0))).toEqual(['synced', 'taken']);
    expect(syncs()).toBe(6);
    // Moved to 20:00 at 19:00: nothing for yesterday's 20:00, then today's.
    await saveOpendental(test.db, ADMIN, config, { ...daily, daily_hour: 20 }, at(8, 19));
    expect(await tickBoth(at(8, 19, 30))).toEqual(['not-due', 'not-due']);
    expect(await tickBoth(at(8, 20, 0))).toEqual(['synced', 'taken']);
    expect(syncs()).toBe(7);
  });
});
