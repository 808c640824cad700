/** The sample data comes with this year's goals (docs/behaviour.md section 16). */
import { bearer, createTestContext, loadSamples, type TestContext } from '../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ url, headers: bearer(admin) })).json();

it('sets this year’s goals with the samples, so the Goals panel shows all three colours', async () => {
  await loadSamples(t, admin);
  const year = new Date().getFullYear();
  const { goals } = await get(`/api/config/goals?year=${year}`);
  const providers = new Set(goals.map((g: { provider: string }) => g.provider));
  expect(providers.size).toBeGreaterThanOrEqual(3);
  const panel = await get(`/api/dashboard/goals?year=${year}`);
  type Figure = { percent: number | null };
  const percents = panel.providers
    .flatMap((p: Record<string, Figure>) => [p.consults, p.won, p.arch_value])
    .map((f: Figure) => f.percent)
    .filter((p: number | null): p is number => p !== null);
  expect(percents.some((p: number) => p >= 100)).toBe(true);
  expect(percents.some((p: number) => p >= 80 && p < 100)).toBe(true);
  expect(percents.some((p: number) => p < 80)).toBe(true);
  const [audit] = await t.db.query<{ username: string }>(
    `SELECT username FROM audit_log WHERE action = 'goals_changed'`,
  );
  expect(audit.username).toBe('admin');
});
