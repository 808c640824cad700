import { SignJWT } from 'jose';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ RESET_TOKEN_IN_RESPONSE: 'true' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign in', () => {
  it('returns a token and the user, never the hash', async () => {
    const res = await post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin', is_active: true });
    expect(body.user.last_login).toMatch(/Z$/);
    expect(res.body).not.toMatch(/password_hash|scrypt/);
  });

  it('accepts the username in any case', async () => {
    const res = await post('/api/auth/login', { username: ' ADMIN ', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('gives one message for an unknown user and a wrong password', async () => {
    const unknown = await post('/api/auth/login', { username: 'nobody', password: 'whatever' });
    const wrong = await post('/api/auth/login', { username: 'admin', password: 'wrong-pass' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      success: false,
      error: 'Invalid username or password',
      code: 'wrong_credentials',
    });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses malformed and missing bodies with 400', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    const empty = await post('/api/auth/login', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/required/i);
    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({
      success: false,
      error: 'The request body is empty',
      code: 'invalid_json',
    });
    const notJson = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'username=admin' });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json()).toEqual({
      success: false,
      error: 'Unsupported content type',
      code: 'unsupported_media_type',
    });
  });

  it('refuses a disabled account with 403 and ends its old token', async () => {
    const id = await t.createUser('disabled1', 'provider', 'secret123');
    const token = await t.login('disabled1', 'secret123');
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/users/${id}`,
      headers: bearer(admin),
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    const res = await post('/api/auth/login', { username: 'disabled1', password: 'secret123' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Account is disabled');
    const verify = await t.app.inject({ url: '/api/auth/verify-token', headers: bearer(token) });
    expect(verify.statusCode).toBe(401);
  });

  it('locks a username after 5 failures within 15 minutes, even for the right password', async () => {
    await t.createUser('locked1', 'manager', 'secret123');
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/login', { username: 'locked1', password: 'nope' })).statusCode).toBe(401);
    }
    const res = await post('/api/auth/login', { username: 'locked1', password: 'secret123' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/Too many failed sign-in attempts. Try again in 15 minutes/);
    // The lock is kept in the database: it holds across processes and restarts.
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_failures WHERE username_key = 'locked1'`,
    );
    expect(n).toBe(5);
    // Once the failures are older than 15 minutes, sign-in works again and clears them.
    await t.db.query(
      `UPDATE login_failures SET at = at - interval '16 minutes' WHERE username_key = 'locked1'`,
    );
    expect((await post('/api/auth/login', { username: 'locked1', password: 'secret123' })).statusCode).toBe(
      200,
    );
  });
});

describe('tokens', () => {
  it('verifies a good token and reads the user fresh', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.app.inject({ url: '/api/auth/verify-token', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('admin');
  });

  it('refuses a missing, malformed, tampered, foreign-signed and expired token with 401', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: '1', ver: 0, exp: 9999999999 })).toString('base64url')}.${s}`;
    const foreign = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('y'.repeat(40)));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(1_000_000)
      .setExpirationTime(1_000_100)
      .sign(new TextEncoder().encode('x'.repeat(40)));
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      bearer('not.a.token'),
      bearer(tampered),
      bearer(`${h}.${p}.${s}x`),
      bearer(foreign),
      bearer(expired),
    ]) {
      const res = await t.app.inject({ url: '/api/auth/verify-token', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it('ends a token when its user is deleted', async () => {
    const id = await t.createUser('gone1', 'provider');
    const token = await t.login('gone1', 'secret123');
    const admin = await t.login('admin', ADMIN_PASSWORD);
    await t.app.inject({ method: 'DELETE', url: `/api/auth/users/${id}`, headers: bearer(admin) });
    expect((await t.app.inject({ url: '/api/auth/verify-token', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('health answers without a token', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'ok' });
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
  });

  it('answers unknown API paths with a JSON 404 once signed in', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.app.inject({ url: '/api/nothing-here', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found', code: 'not_found' });
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown emails', async () => {
    const unknown = await post('/api/auth/request-password-reset', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().token).toBeUndefined();
    await t.createUser('resetme', 'manager', 'oldpass1', 'resetme@example.com');
    const known = await post('/api/auth/request-password-reset', { email: 'ResetMe@Example.com' });
    expect(known.json().message).toBe(unknown.json().message);
    expect(known.json().token).toEqual(expect.any(String));
  });

  it('rejects a malformed email with 400', async () => {
    const res = await post('/api/auth/request-password-reset', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter a valid email address');
  });

  it('resets once, ends old sessions, and refuses a used, unknown or expired token', async () => {
    await t.createUser('reset2', 'manager', 'oldpass1', 'reset2@example.com');
    const oldToken = await t.login('reset2', 'oldpass1');
    const { token } = (
      await post('/api/auth/request-password-reset', { email: 'reset2@example.com' })
    ).json();
    const short = await post('/api/auth/reset-password', { token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 6 characters long');
    const ok = await post('/api/auth/reset-password', { token, password: 'newpass1' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/auth/login', { username: 'reset2', password: 'oldpass1' })).statusCode).toBe(
      401,
    );
    expect(await t.login('reset2', 'newpass1')).toEqual(expect.any(String));
    expect(
      (await t.app.inject({ url: '/api/auth/verify-token', headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    const reused = await post('/api/auth/reset-password', { token, password: 'another1' });
    expect(reused.statusCode).toBe(400);
    expect(
      (await post('/api/auth/reset-password', { token: 'made-up', password: 'another1' })).statusCode,
    ).toBe(400);
    const second = (await post('/api/auth/request-password-reset', { email: 'reset2@example.com' })).json();
    await t.db.query(
      `UPDATE reset_tokens SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`,
    );
    const expired = await post('/api/auth/reset-password', { token: second.token, password: 'another1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatch(/invalid or has expired/);
  });

  it('stores reset tokens only hashed', async () => {
    await t.createUser('reset3', 'manager', 'oldpass1', 'reset3@example.com');
    const { token } = (
      await post('/api/auth/request-password-reset', { email: 'reset3@example.com' })
    ).json();
    const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM reset_tokens');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });
});

describe('audit log', () => {
  it('records sign-ins and failures, newest first, for admins only', async () => {
    await post('/api/auth/login', { username: 'admin', password: 'bad-one' });
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.app.inject({ url: '/api/audit?limit=5', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const { events, total } = res.json();
    expect(total).toBeGreaterThan(2);
    expect(events[0].action).toBe('login');
    expect(events[1].action).toBe('login_failed');
    expect(JSON.stringify(events)).not.toMatch(/bad-one|admin-pass/);
    await t.createUser('auditprov', 'provider');
    const provider = await t.login('auditprov', 'secret123');
    expect((await t.app.inject({ url: '/api/audit', headers: bearer(provider) })).statusCode).toBe(403);
  });
});

describe('secrets in logs and mail', () => {
  it('logs no password or sign-in token; the reset link only when no mail server is set', async () => {
    const logLines: string[] = [];
    const c = await createTestContext({}, { logLines });
    try {
      await c.createUser('logged', 'manager', 'logged-pass-1', 'logged@example.com');
      const token = await c.login('logged', 'logged-pass-1');
      await c.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'logged', password: 'wrong-pass-9' },
      });
      await c.app.inject({ url: '/api/auth/verify-token', headers: bearer(token) });
      const reset = await c.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'logged@example.com' },
      });
      expect(reset.statusCode).toBe(200);
      const log = logLines.join('');
      expect(log).toMatch(/Password reset link for logged/);
      for (const secret of ['logged-pass-1', 'wrong-pass-9', token, 'scrypt'])
        expect(log).not.toContain(secret);
    } finally {
      await c.close();
    }
  });

  it('answers a reset request the same when the mail server fails, and logs no link', async () => {
    const logLines: string[] = [];
    const mailer = { send: () => Promise.reject(new Error('connection refused')) };
    const c = await createTestContext({}, { mailer, logLines });
    try {
      await c.createUser('mailfail', 'manager', 'secret123', 'mailfail@example.com');
      const known = await c.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'mailfail@example.com' },
      });
      const unknown = await c.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: 'nobody@example.com' },
      });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      await vi.waitFor(() => expect(logLines.join('')).toMatch(/Could not send the password reset mail/));
      expect(logLines.join('')).not.toMatch(/token=/);
    } finally {
      await c.close();
    }
  });
});
