import { bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const change = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

const verify = (token: string) => t.app.inject({ url: '/api/auth/verify-token', headers: bearer(token) });

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('change own password', () => {
  it('stores the new password, ends the old token and answers a working new one', async () => {
    await t.createUser('changer1', 'provider', 'old-pass-1');
    const old = await t.login('changer1', 'old-pass-1');
    const other = await t.login('changer1', 'old-pass-1');

    const res = await change(old, { current_password: 'old-pass-1', new_password: 'new-pass-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Your password has been changed',
      user: { username: 'changer1', role: 'provider' },
    });
    expect(res.body).not.toMatch(/new-pass-1|old-pass-1|password_hash|scrypt/);

    // The session goes on with the new token; the old one, and every other session, has ended.
    expect((await verify(body.token)).statusCode).toBe(200);
    expect((await verify(old)).statusCode).toBe(401);
    expect((await verify(other)).statusCode).toBe(401);

    expect((await login('changer1', 'old-pass-1')).statusCode).toBe(401);
    expect((await login('changer1', 'new-pass-1')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400, and counts it as a failed sign-in', async () => {
    await t.createUser('changer2', 'manager', 'old-pass-2');
    const token = await t.login('changer2', 'old-pass-2');
    const wrong = await change(token, { current_password: 'not-it', new_password: 'new-pass-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      error: 'Current password is incorrect',
      code: 'wrong_password',
      field: 'current_password',
    });
    // Not a 401: the session stays, and the password is unchanged.
    expect((await verify(token)).statusCode).toBe(200);
    expect((await login('changer2', 'new-pass-2')).statusCode).toBe(401);

    // Five failures in all (this one, the sign-in above and three more) lock the username.
    for (let i = 0; i < 3; i++)
      expect(
        (await change(token, { current_password: `nope-${i}`, new_password: 'new-pass-2' })).statusCode,
      ).toBe(400);
    const locked = await change(token, { current_password: 'old-pass-2', new_password: 'new-pass-2' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/Too many failed sign-in attempts/);
    expect((await login('changer2', 'old-pass-2')).statusCode).toBe(429);
  });

  it('checks the new password: at least 6 characters, and not the current one', async () => {
    await t.createUser('changer3', 'provider', 'old-pass-3');
    const token = await t.login('changer3', 'old-pass-3');
    const short = await change(token, { current_password: 'old-pass-3', new_password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 6 characters long');
    const same = await change(token, { current_password: 'old-pass-3', new_password: 'old-pass-3' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe('The new password must differ from the current one');
    const missing = await change(token, { new_password: 'new-pass-3' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Current password is required');
    expect((await login('changer3', 'old-pass-3')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await change(null, { current_password: 'x', new_password: 'new-pass-4' });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
    const bad = await change('not.a.token', { current_password: 'x', new_password: 'new-pass-4' });
    expect(bad.statusCode).toBe(401);
  });

  it('writes the change and the failures to the audit log, never the passwords', async () => {
    const id = await t.createUser('changer5', 'provider', 'old-pass-5');
    const token = await t.login('changer5', 'old-pass-5');
    await change(token, { current_password: 'wrong-pass-5', new_password: 'new-pass-5' });
    await change(token, { current_password: 'old-pass-5', new_password: 'new-pass-5' });
    const rows = await t.db.query<{ action: string; user_id: number; username: string; detail: unknown }>(
      `SELECT action, user_id, username, detail FROM audit_log WHERE user_id = $1 ORDER BY id`,
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(['login', 'password_change_failed', 'password_changed']);
    expect(rows[2]).toMatchObject({ username: 'changer5', detail: null });
    expect(JSON.stringify(rows)).not.toMatch(/pass-5/);
  });
});
