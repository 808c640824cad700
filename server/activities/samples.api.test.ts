import { SAMPLE_COORDINATORS } from '../samples/activities';
import { ADMIN_PASSWORD, bearer, createTestContext, loadSamples, type TestContext } from '../test/harness';

// The sample data comes with a few weeks of case work, so a first run shows a worklist being worked.

let t: TestContext;
let admin: string;
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', ADMIN_PASSWORD);
  await loadSamples(t, admin);
});
afterAll(() => t.close());

interface Row {
  patient_name: string;
  assigned_to: string | null;
  next_follow_up: string | null;
  attempts: number;
  financing: unknown;
  phone: string | null;
}

describe('sample case work', () => {
  it('is about forty activities by two coordinators, none after today', async () => {
    const rows = await t.db.query<{ username: string; n: number; last: string }>(
      `SELECT username, count(*)::int AS n, max(date)::text AS last FROM patient_activities GROUP BY username`,
    );
    expect(rows.map((r) => r.username).sort()).toEqual([...SAMPLE_COORDINATORS].sort());
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(30);
    expect(total).toBeLessThanOrEqual(50);
  });

  it('shows on the worklist: calls, a snoozed case, one assigned to the loader, financing, closed cases', async () => {
    const due = (await get('/api/worklist')).patients as Row[];
    const all = (await get('/api/worklist?include_snoozed=true')).patients as Row[];
    expect(due.filter((p) => p.attempts > 0).length).toBeGreaterThan(5);
    expect(all.length).toBeGreaterThan(due.length);
    expect((await get('/api/worklist?assigned_to=me')).patients).toHaveLength(1);
    expect(all.some((p) => p.financing !== null)).toBe(true);
    expect(due.filter((p) => p.phone !== null).length).toBeGreaterThan(due.length / 2);
    const summary = await get('/api/worklist/summary?from=2000-01-01');
    expect(summary.totals.closed).toBe(2);
    expect(summary.close_reasons.cost).toBe(1);
    expect(summary.close_reasons.chose_elsewhere).toBe(1);
  });
});
