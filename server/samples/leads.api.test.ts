/**
 * The sample data comes with leads and a year of spend per year of the practice (docs/behaviour.md
 * section 19): most consults have a source, some found by phone only, a line two patients share
 * matches no one, the newest leads are of the last days, and an arch costs a few thousand dollars.
 */
import type { MarketingResponse } from '../../common/api/marketing';
import { addDays } from '../domain/dates';
import { today } from '../platform/clock';
import { ADMIN_PASSWORD, bearer, createTestContext, loadSamples, type TestContext } from '../test/harness';

let t: TestContext;
let admin: string;
const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params))[0].n;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  await loadSamples(t, admin);
});
afterAll(() => t.close());

/** Patients of the practice's own files, as leads are matched against them. */
const PATIENT_KEYS = `(SELECT patient_key FROM procedures UNION SELECT patient_key FROM future_appointments)`;

describe('sample leads', () => {
  it('are stored, imported last, with most consults counting for a source', async () => {
    const [last] = await t.db.query<{ kind: string }>('SELECT kind FROM imports ORDER BY id DESC LIMIT 1');
    expect(last.kind).toBe('leads');
    expect(await count('SELECT count(*)::int AS n FROM leads')).toBeGreaterThan(400);
    const consults = await count('SELECT count(*)::int AS n FROM scoresheet WHERE consult_date IS NOT NULL');
    const sourced = await count(
      `SELECT count(*)::int AS n FROM scoresheet s JOIN lead_people p ON p.person_key = s.patient_key
       WHERE s.consult_date IS NOT NULL AND p.first_lead_date <= s.consult_date`,
    );
    expect(sourced / consults).toBeGreaterThan(0.75);
    expect(sourced).toBeLessThan(consults);
  });

  it('match some patients by phone alone, under a name that is not theirs', async () => {
    const byPhone = await count(
      `SELECT count(*)::int AS n FROM leads
       WHERE patient_key NOT IN ${PATIENT_KEYS} AND person_key IN ${PATIENT_KEYS}`,
    );
    expect(byPhone).toBeGreaterThanOrEqual(3);
  });

  it('match no one with a line two patients share and a name neither has', async () => {
    const rows = await t.db.query<{ person_key: string; patient_key: string; lead_only: boolean }>(
      `SELECT l.person_key, l.patient_key, p.lead_only FROM leads l JOIN patients p ON p.patient_key = l.person_key
       WHERE l.patient_key NOT IN ${PATIENT_KEYS}
         AND right(regexp_replace(l.phone, '[^0-9]', '', 'g'), 10) IN (
           SELECT right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) FROM
             (SELECT patient_key, phone FROM procedures UNION SELECT patient_key, phone FROM future_appointments) x
           WHERE phone IS NOT NULL GROUP BY 1 HAVING count(DISTINCT patient_key) > 1)`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].person_key).toBe(rows[0].patient_key);
    expect(rows[0].lead_only).toBe(true);
  });

  it('include people who never came in, and several leads of the last days', async () => {
    expect(
      await count(
        `SELECT count(DISTINCT person_key)::int AS n FROM leads WHERE person_key NOT IN ${PATIENT_KEYS}`,
      ),
    ).toBeGreaterThan(100);
    const yesterday = addDays(today(), -1);
    const [{ latest }] = await t.db.query<{ latest: string }>(
      'SELECT max(lead_date)::text AS latest FROM leads',
    );
    expect(latest).toBe(yesterday);
    expect(
      await count('SELECT count(*)::int AS n FROM leads WHERE lead_date > $1', [addDays(today(), -10)]),
    ).toBeGreaterThanOrEqual(5);
  });
});

describe('sample spend', () => {
  it('is saved for every year of the practice by the one who loaded it, audited', async () => {
    const audits = await t.db.query<{ username: string; year: number }>(
      `SELECT username, (detail->>'year')::int AS year FROM audit_log WHERE action = 'marketing_spend_changed' ORDER BY year`,
    );
    expect(audits.map((a) => a.year)).toEqual([2024, 2025, 2026]);
    expect(new Set(audits.map((a) => a.username))).toEqual(new Set(['admin']));
    const { spend } = await get<{ spend: { source: string; months: number[] }[] }>(
      '/api/config/marketing-spend?year=2025',
    );
    expect(spend.map((s) => s.source)).toEqual([
      'Facebook Ads',
      'Google Ads',
      'Radio',
      'Referral',
      'Seminar',
      'TV',
      'Website',
    ]);
    const total = spend.flatMap((s) => s.months).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(80_000);
    expect(total).toBeLessThan(200_000);
  });

  it('makes an arch cost a few thousand dollars, each year and by source', async () => {
    // The practice's last day is 2026-11-01 (samples/README.md).
    for (const asOf of ['2024-12-31', '2025-12-31', '2026-11-01']) {
      const r = await get<MarketingResponse>(
        `/api/dashboard/marketing?year=${asOf.slice(0, 4)}&as_of=${asOf}`,
      );
      expect(r.totals.cost_per_arch).toBeGreaterThanOrEqual(2_000);
      expect(r.totals.cost_per_arch).toBeLessThanOrEqual(8_000);
      // Unknown and No lead have no spend: their costs are 0 or none.
      const costs = r.sources
        .filter((s) => s.spend !== null && s.spend > 0)
        .map((s) => s.cost_per_arch)
        .filter((c): c is number => c !== null);
      expect(costs.length).toBeGreaterThanOrEqual(5);
      for (const c of costs) {
        expect(c).toBeGreaterThan(500);
        expect(c).toBeLessThan(30_000);
      }
    }
  });
});
