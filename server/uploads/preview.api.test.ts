import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { processId } from '../db/liveness';
import { today } from '../platform/clock';
import { serverTimeZone } from '../sync/opendental/settings';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { confirmPreview, fieldsOnly, upload } from '../test/upload';
import { PREVIEW_GONE } from './preview-store';

// A preview (dry_run) reads and checks a file as the import would, changes nothing, keeps the file
// for its confirmation, which imports it without the file being sent again (docs/behaviour.md
// section 2).

let t: TestContext;
let admin: string;
let manager: string;
let otherManager: string;
let provider: string;

/** Every table an import could change, and the audit log. */
async function snapshot() {
  const tables = ['procedures', 'future_appointments', 'ignore_list', 'scoresheet', 'patients', 'imports'];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await t.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  out.audit = await t.db.query('SELECT count(*)::int AS n FROM audit_log');
  return out;
}

const uploads = () => readdirSync(join(t.env.dataDir, 'uploads'));
const previewFiles = () => uploads().filter((name) => name.includes('-preview-'));

/** A calendar date `days` from the server's today. */
function dayFrom(days: number): string {
  const [y, m, d] = today().split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

// A Full Arch Report: Date and Fee columns, every row long past.
const FULL_ARCH = `Full Arch Report
Patient,Date,Proc Code,Provider,Fee
"Smith, John",3/4/2024,D0150,Dr Adams,$100.00
Jane Doe,10/15/2025,D6114,Dr Adams,"$1,250.00"
Ann Lee,1/2/2024,ZZ999,Dr Baker,$10.00
`;

const future = () => `Patient,Appt Date,Code,Provider,Status
"Smith, John",${dayFrom(10)},D6114,Dr Adams,Scheduled
Jane Doe,${dayFrom(40)},D0150,Dr Adams,Confirmed
Ann Lee,${dayFrom(-3)},D0150,Dr Baker,
Bo Li,,D0150,Dr Baker,
`;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('pv-mgr', 'manager');
  await t.createUser('pv-mgr2', 'manager');
  await t.createUser('pv-prov', 'provider');
  manager = await t.login('pv-mgr', 'secret123');
  otherManager = await t.login('pv-mgr2', 'secret123');
  provider = await t.login('pv-prov', 'secret123');
  // Appointments already stored, for the preview to count what a replacing import removes.
  const stored = await upload(t, admin, 'future-scheduled', 'stored.csv', future(), { replace: 'true' });
  expect(stored.statusCode, stored.body).toBe(200);
});
afterAll(() => t.close());

describe('a preview', () => {
  it('says a Full Arch Report dropped into Future Scheduled is one, and mostly past, and changes nothing', async () => {
    const before = await snapshot();
    const res = await upload(t, manager, 'future-scheduled', 'full-arch.csv', FULL_ARCH, { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      dry_run: true,
      records_imported: 3,
      rows_skipped: 0,
      replace: true,
      replaces: 4,
      date_range: { from: '2024-01-02', to: '2025-10-15' },
      past_dates: 3,
      looks_like: 'raw-data',
      cautions: [
        'These headers look like a Full Arch Report, not a Future Scheduled file.',
        '3 of 3 dated rows are before today: is this the Future Scheduled report?',
      ],
      unmapped_codes: [{ code: 'ZZ999', count: 1 }],
    });
    expect(body.preview_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(body.expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(await snapshot()).toEqual(before);

    // Kept for its confirmation: in the uploads folder, the owner's only, named by this server.
    const [kept] = previewFiles().filter((name) => !name.endsWith('.json'));
    expect(kept).toBe(`${processId}-preview-${body.preview_id}`);
    const mode = statSync(join(t.env.dataDir, 'uploads', kept)).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(statSync(join(t.env.dataDir, 'uploads', `${kept}.json`)).mode & 0o777).toBe(0o600);

    // Cancelled: the file goes at once, and its id imports nothing.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/import/preview/${body.preview_id}`,
      headers: bearer(manager),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(previewFiles()).toEqual([]);
    const late = await confirmPreview(t, manager, 'future-scheduled', { preview_id: body.preview_id });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ success: false, error: PREVIEW_GONE, code: 'preview_expired' });
    expect(await snapshot()).toEqual(before);
  });

  it('of a proper Future Scheduled file warns of nothing; its confirmation imports the kept file once', async () => {
    const res = await upload(t, manager, 'future-scheduled', 'next-weeks.csv', future(), { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({
      records_imported: 4,
      replaces: 4,
      past_dates: 1,
      looks_like: null,
      cautions: [],
      date_range: { from: expect.any(String), to: expect.any(String) },
    });

    const confirmed = await confirmPreview(t, manager, 'future-scheduled', {
      preview_id: preview.preview_id,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The import's own answer, the same counts as the preview's.
    expect(confirmed.json()).toEqual({
      success: true,
      records_imported: 4,
      rows_skipped: 0,
      skipped: [],
      warnings: [],
      unmapped_codes: preview.unmapped_codes,
    });
    const [latest] = await t.db.query<{ file_name: string; username: string; replace: boolean }>(
      'SELECT file_name, username, replace FROM imports ORDER BY id DESC LIMIT 1',
    );
    expect(latest).toEqual({ file_name: 'next-weeks.csv', username: 'pv-mgr', replace: true });
    expect(await t.db.query('SELECT count(*)::int AS n FROM future_appointments')).toEqual([{ n: 4 }]);
    // Used: gone from the folder, and a second confirmation imports nothing.
    expect(uploads()).toEqual([]);
    const again = await confirmPreview(t, manager, 'future-scheduled', { preview_id: preview.preview_id });
    expect(again.statusCode).toBe(410);
    expect(await t.db.query('SELECT count(*)::int AS n FROM imports')).toEqual([{ n: 2 }]);
  });

  it('of a merge replaces nothing; the confirmation keeps the choice previewed unless told otherwise', async () => {
    const ignore = 'Patient,Year,Notes\nAl Wu,2025,moved\nBo Li,2024,\n';
    const merge = await upload(t, manager, 'ignore-list', 'ignore.csv', ignore, { dry_run: 'true' });
    expect(merge.json()).toMatchObject({
      replace: false,
      replaces: 0,
      date_range: null,
      past_dates: null,
      cautions: [],
    });
    await confirmPreview(t, manager, 'ignore-list', { preview_id: merge.json().preview_id });
    const replacing = await upload(t, manager, 'ignore-list', 'ignore.csv', 'Patient,Year\nCy Po,2025\n', {
      dry_run: 'true',
      replace: 'true',
    });
    expect(replacing.json()).toMatchObject({ replace: true, replaces: 2 });
    const done = await confirmPreview(t, manager, 'ignore-list', { preview_id: replacing.json().preview_id });
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.db.query('SELECT patient_name FROM ignore_list')).toEqual([{ patient_name: 'Cy Po' }]);
  });

  it('refuses what the import refuses, in its words, and keeps nothing', async () => {
    const cases: [string, string, number, string][] = [
      ['empty.csv', '', 422, 'The file is empty'],
      [
        'no-code.csv',
        'Patient,Date,Provider\nJo,1/1/2025,Dr A\n',
        422,
        'Missing required columns: Code (found: Patient, Date, Provider)',
      ],
      [
        'bad-rows.csv',
        'Patient,Date,Code,Provider\nJo,someday,D0150,Dr A\n',
        422,
        'The file has no valid rows to import; nothing was changed',
      ],
      ['notes.txt', 'Patient,Date\n', 415, 'Unsupported file type: use .csv, .xlsx or .xls'],
    ];
    const before = await snapshot();
    for (const [name, content, status, error] of cases) {
      const res = await upload(t, manager, 'raw-data', name, content, { dry_run: 'true' });
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ success: false, error });
    }
    expect(uploads()).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a preview id', () => {
  async function previewOf(token: string) {
    const res = await upload(t, token, 'future-scheduled', 'next.csv', future(), { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().preview_id as string;
  }

  it("is the user's own and for its kind: anyone else's confirmation or cancel is 410 and leaves it", async () => {
    const id = await previewOf(manager);
    const before = await snapshot();
    for (const res of [
      await confirmPreview(t, otherManager, 'future-scheduled', { preview_id: id }),
      await confirmPreview(t, admin, 'future-scheduled', { preview_id: id }),
      await confirmPreview(t, manager, 'raw-data', { preview_id: id }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/import/preview/${id}`,
        headers: bearer(otherManager),
      }),
      await confirmPreview(t, manager, 'future-scheduled', { preview_id: 'x'.repeat(32) }),
      await confirmPreview(t, manager, 'future-scheduled', { preview_id: '../../etc/passwd' }),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ success: false, error: PREVIEW_GONE, code: 'preview_expired' });
    }
    expect(await snapshot()).toEqual(before);
    const own = await confirmPreview(t, manager, 'future-scheduled', { preview_id: id });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('expires after 10 minutes, and its file goes', async () => {
    const id = await previewOf(manager);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
      const res = await confirmPreview(t, manager, 'future-scheduled', { preview_id: id });
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toBe('This preview has expired: choose the file again');
    } finally {
      vi.useRealTimers();
    }
    expect(previewFiles()).toEqual([]);
  });

  it('is refused with a file, with dry_run, or with a bad flag; only managers and admins preview', async () => {
    const id = await previewOf(manager);
    const both = await upload(t, manager, 'future-scheduled', 'next.csv', future(), { preview_id: id });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('Send either a file or a preview_id, not both');
    const twice = await confirmPreview(t, manager, 'future-scheduled', { preview_id: id, dry_run: 'true' });
    expect(twice.statusCode).toBe(400);
    const flag = await upload(t, manager, 'future-scheduled', 'next.csv', future(), { dry_run: 'yes' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().error).toBe("dry_run must be 'true' or 'false'");
    const nothing = await confirmPreview(t, manager, 'future-scheduled', { replace: 'true' });
    expect(nothing.json()).toEqual({
      success: false,
      error: 'Please select a file first',
      code: 'missing_field',
      field: 'file',
    });

    const refused = await upload(t, provider, 'future-scheduled', 'next.csv', future(), { dry_run: 'true' });
    expect(refused.statusCode).toBe(403);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/import/preview/${id}`,
      headers: bearer(provider),
    });
    expect(cancel.statusCode).toBe(403);
    // Still there for its owner.
    const body = fieldsOnly({ preview_id: id });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/import/future-scheduled',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(manager) },
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('a preview of a replace that takes most of what is stored', () => {
  // Two and a half years of procedures, one a month.
  const months = Array.from({ length: 30 }, (_, i) => {
    const month = new Date(Date.UTC(2024, 4 + i, 15));
    return `Pat ${i},${month.getUTCMonth() + 1}/15/${month.getUTCFullYear()},D0150,Dr Adams,$100.00`;
  });
  const report = (rows: string[]) => `Patient,Date,Proc Code,Provider,Fee\n${rows.join('\n')}\n`;

  it('warns in words of the rows and the days it removes, and changes nothing', async () => {
    const stored = await upload(t, admin, 'raw-data', 'whole.csv', report(months), { replace: 'true' });
    expect(stored.statusCode, stored.body).toBe(200);
    const before = await snapshot();
    const res = await upload(t, manager, 'raw-data', 'october.csv', report(months.slice(-1)), {
      dry_run: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      replaces: 30,
      cautions: [
        'This file has 1 row where 30 are stored now (96% fewer): importing it replaces them all. Is it the whole report?',
        "This file's dates (10/15/2026-10/15/2026) cover less than half of the stored data's (05/15/2024-10/15/2026): importing it removes every row outside them.",
      ],
    });
    expect(await snapshot()).toEqual(before);
    // The same file merged, or the whole report again, warns of nothing.
    const whole = await upload(t, manager, 'raw-data', 'whole.csv', report(months), { dry_run: 'true' });
    expect(whole.json().cautions).toEqual([]);
  });

  it('says the next scheduled sync will replace the file, until the schedule is off', async () => {
    const save = (schedule: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/sync/opendental',
        headers: bearer(admin),
        payload: { host: 'od.example.test', user: 'reader', password: 'pw', schedule },
      });
    expect((await save('daily')).statusCode).toBe(200);
    const next = await upload(t, manager, 'future-scheduled', 'next.csv', future(), { dry_run: 'true' });
    expect(next.json().cautions).toEqual([
      `Open Dental is synced every day at 05:00 (${serverTimeZone()}): the next sync will replace this file's rows with Open Dental's.`,
    ]);
    // The Ignore List is not Open Dental's: a sync leaves it as it is.
    const ignore = await upload(t, manager, 'ignore-list', 'ignore.csv', 'Patient,Year\nAl Wu,2025\n', {
      dry_run: 'true',
    });
    expect(ignore.json().cautions).toEqual([]);
    expect((await save('off')).statusCode).toBe(200);
    const byHand = await upload(t, manager, 'future-scheduled', 'next.csv', future(), { dry_run: 'true' });
    expect(byHand.json().cautions).toEqual([]);
  });
});
