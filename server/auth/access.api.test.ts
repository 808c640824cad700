import { buildApp } from '../app';
import { NO_ACCESS_RULE } from '../caller/guard';
import { bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin', 'admin-pass');
});
afterAll(() => t.close());

/** Every documented route with its path parameters filled in. */
function documentedRoutes(): { method: string; path: string }[] {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const sample: Record<string, string> = { id: '1', type: 'won', month: 'October', code: 'D6010' };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{(\w+)\}/g, (_, name: string) => sample[name] ?? 'x'),
    })),
  );
}

/** Ways to write the same path that a naive prefix check would not recognise. */
function variants(path: string): string[] {
  const rest = path.slice('/api/'.length);
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`,
    `/api%2F${rest}`,
    `/api%2f${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/x/../api/${rest}`,
    `/api/./${rest}`,
    `/api/${rest}/../${rest.split('/').pop()}`,
    `/api./${rest}`,
    `/api/${rest}.`,
    `/api/${rest}/`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `/api/${rest.toUpperCase()}`,
    `/api/${rest}%20`,
    `/api/${rest}?x=1`,
    `/api/${rest}#frag`,
  ];
}

describe('access is decided from the matched route', () => {
  it('no spelling of a guarded path answers without a token', async () => {
    const publicPaths = [
      '/api/health',
      '/api/auth/login',
      '/api/auth/login/mfa',
      '/api/auth/login/passkey',
      '/api/auth/login/passkey/options',
      '/api/auth/oidc',
      '/api/auth/oidc/start',
      '/api/auth/oidc/callback',
      '/api/auth/oidc/complete',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
    ];
    const guarded = documentedRoutes().filter(
      (r) => !publicPaths.includes(r.path) && !r.path.startsWith('/api/docs'),
    );
    expect(guarded.length).toBeGreaterThan(25);
    const leaks: string[] = [];
    for (const { method, path } of guarded) {
      for (const url of [path, ...variants(path)]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode < 400) leaks.push(`${method} ${url} -> ${res.statusCode}`);
        else expect(res.json().success, `${method} ${url}`).toBe(false);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('an encoded register creates nobody', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    for (const url of ['/%61pi/auth/register', '/api/auth/%72egister', '/API/auth/register']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { username: `intruder${url.length}`, password: 'secret123', role: 'admin' },
      });
      expect([401, 404]).toContain(res.statusCode);
    }
    expect(await t.db.query('SELECT count(*)::int AS n FROM users')).toEqual(before);
  });

  // So a route that forgets its rule fails its own tests at once, instead of leaking.
  it('a route without an access rule is refused, even to an admin', async () => {
    const app = await buildApp({ db: t.db, env: t.env, tokens: t.tokens, mailer: null });
    app.get('/api/forgotten', async () => ({ success: true, secret: 'patients' }));
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/forgotten', headers: bearer(admin) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: NO_ACCESS_RULE, code: 'forbidden' });
    } finally {
      await app.close();
    }
  });
});
