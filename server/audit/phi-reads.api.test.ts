import { bearer, createTestContext, loadSamples, type TestContext } from '../test/harness';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('admin', 'admin-pass');
  await loadSamples(t, token);
});
afterAll(() => t.close());

async function auditedBy(url: string) {
  const [{ last }] = await t.db.query<{ last: number }>(
    'SELECT coalesce(max(id), 0)::int AS last FROM audit_log',
  );
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, url).toBe(200);
  return t.db.query<{ action: string; username: string; detail: Record<string, unknown> }>(
    'SELECT action, username, detail FROM audit_log WHERE id > $1 ORDER BY id',
    [last],
  );
}

describe('reads that show many patients are audited once per call', () => {
  it.each([
    ['/api/scoresheet', 'scoresheet_viewed', { rows: expect.any(Number) }],
    ['/api/patient/search?q=an', 'patient_search', { q: 'an', results: 20 }],
    [
      '/api/dashboard/consult-details/consults_won?year=2025',
      'details_viewed',
      { list: 'consult-details', type: 'consults_won', year: 2025 },
    ],
    [
      '/api/dashboard/arch-case-details/2025-10',
      'details_viewed',
      { list: 'arch-case-details', month: '2025-10' },
    ],
    [
      '/api/dashboard/future-case-details/TBD',
      'details_viewed',
      { list: 'future-case-details', month: 'TBD' },
    ],
    [
      '/api/dashboard/pending-finance-details?provider=Dr.%20Sarah%20Chen',
      'details_viewed',
      { list: 'pending-finance-details', provider: 'Dr. Sarah Chen' },
    ],
  ])('%s', async (url, action, detail) => {
    const rows = await auditedBy(url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action, username: 'admin', detail });
    // The same call served from the cache is audited again.
    expect(await auditedBy(url)).toHaveLength(1);
  });

  it('a search too short to run shows nobody and is not audited', async () => {
    expect(await auditedBy('/api/patient/search?q=a')).toEqual([]);
  });
});
