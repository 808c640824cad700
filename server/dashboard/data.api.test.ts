import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LeadFigures } from '../domain/leads';
import { REPORT } from '../test/case-work';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';
import { importFile } from '../uploads/service';
import { createDashboardData, latestVersions, loadDashboardData } from './data';

// The figures' inputs are loaded once per data version. A change loads the next before it
// answers; whoever asks meanwhile is given those of before it, as during the change itself
// (docs/performance.md, waits during an import).

let t: TestContext;
let admin: string;

const patientsIn = (snap: { data: { sheet: { patient_name: string }[] } }) =>
  snap.data.sheet.map((r) => r.patient_name).sort();

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the figures of a data version', () => {
  it('while a change loads them, are those of before it; once loaded, the new ones', async () => {
    const source = createDashboardData(t.db);
    const before = await source.get((await latestVersions(t.db)).data);
    expect(patientsIn(before)).toEqual(['Ann Able', 'Ben Bell', 'Cat Cruz', 'Dot Dunn']);

    const more = `${REPORT}Eve Estes,6/1/2026,D0150,Dr Adams,Main Street,\n`;
    expect((await upload(t, admin, 'raw-data', 'more.csv', more)).statusCode).toBe(200);
    const { data: next } = await latestVersions(t.db);
    const warming = source.warm(next);
    expect(await source.get(next)).toBe(before);
    await warming;
    const after = await source.get(next);
    expect(patientsIn(after)).toContain('Eve Estes');
    // Loaded: a second warm for the same data loads nothing more.
    await source.warm(next);
    expect(await source.get(next)).toBe(after);
  });

  it('asked while a change is under way, are those loaded last, even before the change commits', async () => {
    const source = createDashboardData(t.db);
    const { data } = await latestVersions(t.db);
    const loaded = await source.get(data);
    const ended = source.beginChange();
    // A version this process has not loaded, as a reader sees once the change has committed.
    expect(await source.get(`${data}-next`)).toBe(loaded);
    ended();
    ended();
    const after = await source.get(`${data}-next`);
    expect(after).not.toBe(loaded);
    expect(patientsIn(after)).toEqual(patientsIn(loaded));
  });

  it('asked for a version no change is loading, are loaded and waited for', async () => {
    const source = createDashboardData(t.db);
    const { data } = await latestVersions(t.db);
    // Nobody has asked this process for figures: warming loads nothing.
    await source.warm(data);
    const first = source.get(data);
    expect(patientsIn(await first)).toContain('Eve Estes');
  });

  it('are loaded before an import answers, so the next dashboard call reads no table', async () => {
    const overview = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/dashboard/consult-overview?year=2026',
        headers: bearer(admin),
      });
    expect((await overview()).statusCode).toBe(200);
    expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
    const asked: string[] = [];
    const query = t.db.query.bind(t.db);
    const spy = vi.spyOn(t.db, 'query').mockImplementation((text, params) => {
      asked.push(text);
      return query(text, params);
    });
    try {
      const res = await overview();
      expect(res.statusCode).toBe(200);
      expect(res.json().providers.map((p: { provider: string }) => p.provider)).toContain('Dr Adams');
    } finally {
      spy.mockRestore();
    }
    expect(asked.filter((sql) => /\bFROM scoresheet\b/.test(sql))).toEqual([]);
  });
});

describe('the figures of a data version after a Leads file', () => {
  // A Leads file changes only the leads, who they are and their phones: the other inputs are kept
  // from those loaded before, and the whole must equal a load of everything.
  const LEADS =
    'Lead,Date,Source,Phone\nAnn Able,1/5/2026,Radio,555-000-1111\nZoe Zed,1/6/2026,Google,555-000-2222\n';

  it('keeps the inputs a Leads file leaves, reads the rest, and equals a load of everything', async () => {
    const before = await loadDashboardData(t.db);
    const leads = await upload(t, admin, 'leads', 'leads.csv', LEADS, { replace: 'true' });
    expect(leads.statusCode, leads.body).toBe(200);
    const after = await loadDashboardData(t.db, before);
    expect(after.sheet).toBe(before.sheet);
    expect(after.leads.map((l) => l.person_key)).toEqual(['ann able', 'zoe zed']);
    expect(after).toEqual(await loadDashboardData(t.db));
    // A patient's phone is their own, else their leads' (section 19).
    const phones = await t.db.query<{ patient_key: string; phone: string | null }>(
      `SELECT p.patient_key, coalesce(p.phone, l.phone) AS phone FROM patients p
       LEFT JOIN lead_people l ON l.person_key = p.patient_key`,
    );
    expect(phones.some((p) => p.phone === null)).toBe(true);
    for (const p of phones) expect(after.phones.get(p.patient_key)).toBe(p.phone ?? undefined);
    expect(after.phones.get('zoe zed')).toBe('555-000-2222');

    // Anything else reads every input again.
    const report = await upload(t, admin, 'raw-data', 'report.csv', REPORT);
    expect(report.statusCode, report.body).toBe(200);
    const reported = await loadDashboardData(t.db, after);
    expect(reported.sheet).not.toBe(after.sheet);
    expect(reported).toEqual(await loadDashboardData(t.db));
  });
});

describe('the leads as the import that stored them made them', () => {
  // A Leads file that replaces every lead hands the figures its leads and people as it read them;
  // they must be what reading them back would give, for every kind of person.
  const REPORTED = `${REPORT}Eve Estes,6/1/2026,D0150,Dr Adams,Main Street,555-123-4567\n`;
  const LEADS = [
    'Lead,Date,Source,Phone,Office',
    'Ann Able,1/5/2026,Radio,,Main Street',
    'E Estes,1/7/2026,radio,(555) 123-4567,',
    'Zed Zulu,1/8/2026,Google,555-000-3333,North',
    'Yan Yu,2/9/2026,Mailer,555-000-4444,',
    'Yan Yu,1/9/2026,google,555-000-5555,',
    'Ann Able,1/5/2026,RADIO,,',
  ].join('\n');

  it('equals the inputs read back from the database', async () => {
    expect((await upload(t, admin, 'raw-data', 'report.csv', REPORTED)).statusCode).toBe(200);
    const ignore = await upload(t, admin, 'ignore-list', 'ignore.csv', 'Patient,Year\nZed Zulu,2024\n');
    expect(ignore.statusCode, ignore.body).toBe(200);
    const before = await loadDashboardData(t.db);
    const dir = await mkdtemp(join(tmpdir(), 'fat-leads-'));
    const path = join(dir, 'leads.csv');
    await writeFile(path, LEADS);
    let offered: { version: string; figures: LeadFigures } | null = null;
    const actor = { id: null, username: 'test', ip: '127.0.0.1' };
    await importFile(t.db, actor, 'leads', { path, fileName: 'leads.csv' }, true, {
      offerFigures: (version, figures) => {
        offered = { version, figures };
      },
    });
    await rm(dir, { recursive: true });
    const made = offered as { version: string; figures: LeadFigures } | null;
    expect(made?.version).toBe((await latestVersions(t.db)).data);
    const given = await loadDashboardData(t.db, before, made?.figures);
    expect(given).toEqual(await loadDashboardData(t.db));
    expect(given.leads.map((l) => [l.person_key, l.source])).toEqual([
      ['ann able', 'Radio'],
      ['eve estes', 'Radio'],
      ['zed zulu', 'Google'],
      ['yan yu', 'Mailer'],
      ['yan yu', 'Google'],
    ]);
    expect(given.firstTouch.get('yan yu')).toEqual({
      source: 'Google',
      first_lead_date: '2026-01-09',
      patient_name: 'Yan Yu',
    });
  });
});
