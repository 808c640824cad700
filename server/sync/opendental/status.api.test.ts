/**
 * A failed or overdue sync said everywhere (docs/behaviour.md section 18): the status endpoint's
 * `warning`, and the same line in the PDF report (the e-mails' lines: server/reports/*.test.ts). Open Dental is a stand-in;
 * the server's clock is moved, not waited for.
 */
import type { SyncStatus } from '../../../common/api/sync';
import { createDashboardData } from '../../dashboard/data';
import { createReportBuilder } from '../../reports/report-builder';
import { fakeOpendental } from '../../test/fake-opendental';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { syncConfig } from './config';
import { syncWarningLine } from './status';

const fake = fakeOpendental();
let t: TestContext;
let admin: string;

const setNow = async (hour: number, minute: number) => {
  vi.setSystemTime(new Date(2026, 10, 27, hour, minute));
  admin = await t.login('admin', ADMIN_PASSWORD);
};
const status = async (): Promise<SyncStatus> => {
  const res = await t.app.inject({ url: '/api/sync/opendental/status', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** A sync that ended at `hour:minute` (the database stamps a real one with its own clock). */
const ran = async (hour: number, minute: number, error: string | null = null) => {
  const at = new Date(2026, 10, 27, hour, minute);
  await t.db.query(
    `INSERT INTO sync_runs (started_at, finished_at, ok, records_imported, rows_skipped, error, trigger)
     VALUES ($1, $1, $2, $3, $3, $4, 'schedule')`,
    [at.toISOString(), error === null, error === null ? 0 : null, error],
  );
  return at.toISOString();
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  t = await createTestContext({}, { opendental: fake });
  await setNow(5, 50);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('the sync status says when the figures are behind Open Dental', () => {
  it('says nothing before a connection is set', async () => {
    expect((await status()).warning).toBeNull();
  });

  it('says nothing while the hourly sync keeps up, and that it is overdue once a slot passes without one', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/sync/opendental',
      headers: bearer(admin),
      payload: { host: 'od-server.local', user: 'reader', password: 'Od-Secret-1', schedule: 'hourly' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const synced = await ran(6, 2);
    // 07:10: the 07:00 sync may still be under way.
    await setNow(7, 10);
    expect((await status()).warning).toBeNull();
    // 07:20: no sync since 06:02, though one was due at 07:00.
    await setNow(7, 20);
    expect((await status()).warning).toEqual({ kind: 'stale', figures_at: synced, reason: null });
  });

  it('says the last sync failed, with its reason and the time of the figures, and the PDF says it in the same words', async () => {
    const synced = (await status()).last_sync?.at ?? '';
    await ran(7, 25, 'Open Dental refused the connection');
    await setNow(7, 30);
    expect((await status()).warning).toEqual({
      kind: 'failed',
      figures_at: synced,
      reason: 'Open Dental refused the connection',
    });
    const config = syncConfig(t.env);
    const line = await syncWarningLine(t.db, config, new Date());
    expect(line).toBe(
      'Figures as of the sync of 11/27/2026, 6:02 AM; the last sync failed: Open Dental refused the connection',
    );
    const build = createReportBuilder(createDashboardData(t.db), t.db, () =>
      syncWarningLine(t.db, config, new Date()),
    );
    const report = await build({
      provider: null,
      year: 2026,
      location: null,
      asOf: '2026-11-27',
      marketing: false,
    });
    expect(report.syncWarning).toBe(line);
    expect(pdfText(report.pdf)).toContain('the last sync failed: Open Dental refused the connection');
    // A sync that works again clears it.
    await ran(7, 35);
    await setNow(7, 40);
    expect((await status()).warning).toBeNull();
    expect(await syncWarningLine(t.db, config, new Date())).toBeNull();
  });
});
