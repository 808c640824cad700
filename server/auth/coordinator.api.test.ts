import { ALL_ENDPOINTS } from '../../common/api';
import type { Endpoint } from '../../common/api/endpoint';
import { CASE_TEAM } from '../../common/roles';
import { bearer, createTestContext, loadSamples, type TestContext, withOwnOnly } from '../test/harness';

// The coordinator role (docs/behaviour.md section 22): reads what a manager reads and works every
// case, but changes no data, configuration or account. Every refusal is checked from the contract
// and against the rules' own list, so a route that opens or closes to coordinators by mistake fails.

let t: TestContext;
let admin: string;
let coordinator: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
  await loadSamples(t, admin);
  await t.createUser('casey', 'coordinator', 'casey-pass', 'casey@example.com');
  coordinator = await t.login('casey', 'casey-pass');
});
afterAll(() => t.close());

const refusesCoordinators = (e: Endpoint) =>
  typeof e.access === 'object' && !e.access.roles.includes('coordinator');

/**
 * What section 22 says a coordinator may not do, endpoint by endpoint. Public endpoints (signing
 * in, single sign-on's status, start, callback and complete) refuse no role and are not listed.
 */
const REFUSED = [
  'GET /api/auth/users',
  'POST /api/auth/register',
  'PUT /api/auth/users/:id',
  'DELETE /api/auth/users/:id',
  'DELETE /api/auth/users/:id/mfa',
  'GET /api/config/security',
  'PUT /api/config/security',
  'GET /api/admin/backups',
  'POST /api/admin/backups',
  'GET /api/audit',
  'GET /api/audit/export',
  'POST /api/config/code-mappings',
  'PUT /api/config/code-mappings/:proc_code',
  'DELETE /api/config/code-mappings/:proc_code',
  'POST /api/initialize',
  'PUT /api/config/privacy',
  'POST /api/import/raw-data',
  'POST /api/import/future-scheduled',
  'POST /api/import/ignore-list',
  'POST /api/import/leads',
  'DELETE /api/import/preview/:id',
  'POST /api/import/sample-data',
  'PUT /api/config/worklist-thresholds',
  'GET /api/sync/opendental',
  'PUT /api/sync/opendental',
  'POST /api/sync/opendental/test',
  'POST /api/sync/opendental/run',
  'PUT /api/config/goals',
  'PUT /api/config/marketing-spend',
].sort();

const label = (e: Endpoint) => `${e.method} ${e.path}`;
const filled = (path: string) =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => (name === 'id' ? '1' : 'x'));

/**
 * Every table's rows, hashed: what a refused call must leave as it was. The audit log, sessions and
 * the sign-in throttle are left out, as a refused call may be logged and keeps its session in use.
 */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('audit_log', 'sessions', 'login_failures', '__drizzle_migrations')
     ORDER BY table_name`,
  );
  const prints: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await t.db.query<{ md5: string }>(
      `SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS md5 FROM "${name}" r`,
    );
    prints[name] = row.md5;
  }
  return prints;
}

describe('the coordinator role', () => {
  it('is refused exactly what the rules refuse it', () => {
    const refused = ALL_ENDPOINTS.filter(refusesCoordinators).map(label).sort();
    expect(refused).toEqual(REFUSED);
  });

  it('gets 403 with the endpoint’s message from each refused call, and nothing changes', async () => {
    const before = await fingerprint();
    for (const e of ALL_ENDPOINTS.filter(refusesCoordinators)) {
      const res = await t.app.inject({
        method: e.method,
        url: filled(e.path),
        headers: bearer(coordinator),
        ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, label(e)).toBe(403);
      expect(res.json(), label(e)).toEqual({
        success: false,
        error: typeof e.access === 'object' ? e.access.forbidden : '',
        code: 'forbidden',
      });
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('reads what a manager reads', async () => {
    const reads = [
      '/api/dashboard/consult-overview',
      '/api/dashboard/summary',
      '/api/dashboard/pipeline',
      '/api/dashboard/pending-finance-details',
      '/api/worklist',
      '/api/worklist/summary',
      '/api/worklist/assignees',
      '/api/import/history',
      '/api/sync/opendental/status',
      '/api/config/worklist-thresholds',
      '/api/config/goals',
      '/api/config/marketing-spend',
      '/api/dashboard/marketing',
      '/api/export/worklist',
      '/api/export/dashboard',
      '/api/export/report',
    ];
    for (const url of reads) {
      const res = await t.app.inject({ url, headers: bearer(coordinator) });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('assigns a case, and finds a patient known only by case work as managers do', async () => {
    const [row] = (await t.app.inject({ url: '/api/worklist?limit=1', headers: bearer(coordinator) })).json()
      .patients;
    const assigned = await t.app.inject({
      method: 'POST',
      url: '/api/patient/activity',
      headers: bearer(coordinator),
      payload: { patient_name: row.patient_name, kind: 'assign', assigned_to: 'casey' },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const mine = (
      await t.app.inject({ url: '/api/worklist?assigned_to=me', headers: bearer(coordinator) })
    ).json();
    expect(mine.patients.map((p: { patient_name: string }) => p.patient_name)).toContain(row.patient_name);
  });

  it('is never held to one provider, whatever the privacy setting', async () => {
    await withOwnOnly(t, admin, async () => {
      const providers = (
        await t.app.inject({ url: '/api/dashboard/providers', headers: bearer(coordinator) })
      ).json();
      const all = (await t.app.inject({ url: '/api/dashboard/providers', headers: bearer(admin) })).json();
      expect(providers).toEqual(all);
    });
  });

  it('is a role an admin can give, and the API description names it', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: bearer(admin),
      payload: { username: 'cora', password: 'secret123', role: 'coordinator' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().user.role).toBe('coordinator');
    const spec = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { 'x-roles': readonly string[] }>>;
    };
    expect(spec.paths['/api/worklist/summary'].get['x-roles']).toEqual(CASE_TEAM);
    expect(spec.paths['/api/config/goals'].put['x-roles']).not.toContain('coordinator');
  });
});
