/**
 * The second factor over the API (docs/behaviour.md section 20), with the app's clock moved by
 * the test: TOTP codes are computed from the secret the setup answers, as an app would.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { totpCode } from './totp';

let t: TestContext;
let clock = Date.now();
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestContext({ RESET_TOKEN_IN_RESPONSE: 'true' }, { now: () => clock, logLines });
});
afterAll(() => t.close());

const STEP = 30_000;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const login = (username: string, password = 'secret123') =>
  call('POST', '/api/auth/login', undefined, { username, password });
const secondStep = (mfa_token: string, code: string) =>
  call('POST', '/api/auth/login/mfa', undefined, { mfa_token, code });
const refused = (res: LightMyRequestResponse, status: number, error: string, code: string) => {
  expect({ status: res.statusCode, error: res.json().error, code: res.json().code }).toEqual({
    status,
    error,
    code,
  });
};
const status = async (token: string) => (await call('GET', '/api/auth/mfa', token)).json();
const audited = async (action: string, username: string) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND username = $2',
      [action, username],
    )
  )[0].n;

/** Turns the authenticator app on for a user: answers the secret and the recovery codes. */
async function enrol(username: string, role: 'manager' | 'provider' | 'admin' = 'manager') {
  await t.createUser(username, role);
  const token = await t.login(username, 'secret123');
  const setup = await call('POST', '/api/auth/mfa/totp/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await call('POST', '/api/auth/mfa/totp/confirm', token, {
    code: totpCode(secret, clock),
  });
  expect(confirmed.statusCode).toBe(200);
  // The confirming code's step is now used: the tests' codes start two steps on, so the step
  // before theirs is a fresh one too.
  clock += 2 * STEP;
  return { secret: secret as string, codes: confirmed.json().recovery_codes as string[], token };
}

async function mfaToken(username: string): Promise<string> {
  const res = await login(username);
  expect(res.statusCode).toBe(200);
  expect(res.json().token).toBeUndefined();
  return res.json().mfa_token;
}

describe('setting up the authenticator app', () => {
  it('answers the secret and its otpauth address, and is on only once a right code confirms it', async () => {
    await t.createUser('setter', 'manager');
    const token = await t.login('setter', 'secret123');
    const setup = (await call('POST', '/api/auth/mfa/totp/setup', token)).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toContain('otpauth://totp/Full%20Arch%20Tracker:setter?');
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.otpauth_url).toContain('issuer=Full%20Arch%20Tracker');
    const wrong = await call('POST', '/api/auth/mfa/totp/confirm', token, {
      code: totpCode(setup.secret, clock + 3 * STEP),
    });
    refused(wrong, 400, 'Wrong code', 'wrong_code');
    expect(await status(token)).toEqual({ success: true, totp: false, passkeys: [], recovery_codes_left: 0 });
    expect((await login('setter')).json().token).toEqual(expect.any(String));

    const ok = await call('POST', '/api/auth/mfa/totp/confirm', token, {
      code: totpCode(setup.secret, clock),
    });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await status(token)).toEqual({ success: true, totp: true, passkeys: [], recovery_codes_left: 10 });
    expect(await audited('mfa_enabled', 'setter')).toBe(1);
    // Stored sealed: neither the secret nor a recovery code is in the database as text.
    const [row] = await t.db.query<{ secret_sealed: string; pending_sealed: string | null }>(
      `SELECT secret_sealed, pending_sealed FROM user_totp JOIN users ON users.id = user_id WHERE username = 'setter'`,
    );
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(setup.secret);
    expect(row.pending_sealed).toBeNull();
    const hashes = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes');
    for (const code of codes)
      expect(hashes.map((h) => h.code_hash).join()).not.toContain(code.replace(/-/g, ''));
    // Never answered again.
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const listed = (await call('GET', '/api/auth/users', admin)).json().users;
    expect(listed.find((u: { username: string }) => u.username === 'setter').has_mfa).toBe(true);
    expect(JSON.stringify(await status(token))).not.toContain(setup.secret);
    refused(
      await call('POST', '/api/auth/mfa/totp/setup', token),
      409,
      'The authenticator app is already on: turn it off first to set up another',
      'mfa_already_enabled',
    );
  });

  it('refuses a confirm with no setup begun', async () => {
    await t.createUser('unbegun', 'provider');
    const token = await t.login('unbegun', 'secret123');
    refused(
      await call('POST', '/api/auth/mfa/totp/confirm', token, { code: '123456' }),
      400,
      'Set up the authenticator app first: there is no setup to confirm',
      'no_pending_setup',
    );
  });
});

describe('signing in with a code', () => {
  it('asks for the second step, with no session token, naming the methods', async () => {
    await enrol('stepper');
    const res = (await login('stepper')).json();
    expect(res).toEqual({
      success: true,
      mfa_required: true,
      mfa_token: expect.any(String),
      methods: ['totp', 'recovery'],
    });
  });

  it('takes the codes of the step before, this one and the one after; refuses two steps away and a replay', async () => {
    const { secret } = await enrol('drifter');
    const before = await secondStep(await mfaToken('drifter'), totpCode(secret, clock - STEP));
    expect(before.statusCode).toBe(200);
    expect(before.json().user.username).toBe('drifter');
    expect((await call('GET', '/api/auth/verify-token', before.json().token)).statusCode).toBe(200);
    expect((await secondStep(await mfaToken('drifter'), totpCode(secret, clock))).statusCode).toBe(200);
    expect((await secondStep(await mfaToken('drifter'), totpCode(secret, clock + STEP))).statusCode).toBe(
      200,
    );

    const pending = await mfaToken('drifter');
    refused(await secondStep(pending, totpCode(secret, clock + 3 * STEP)), 401, 'Wrong code', 'wrong_code');
    refused(await secondStep(pending, totpCode(secret, clock - 2 * STEP)), 401, 'Wrong code', 'wrong_code');
    // The code of the step after was used: the same code again is refused.
    refused(await secondStep(pending, totpCode(secret, clock + STEP)), 401, 'Wrong code', 'wrong_code');
    expect(await audited('mfa_login_failed', 'drifter')).toBe(3);
    // Wrong codes left the token usable.
    clock += 2 * STEP;
    expect((await secondStep(pending, totpCode(secret, clock))).statusCode).toBe(200);
  });

  it('takes a token once, and not after 5 minutes', async () => {
    const { secret } = await enrol('once');
    const token = await mfaToken('once');
    expect((await secondStep(token, totpCode(secret, clock))).statusCode).toBe(200);
    clock += STEP;
    const again = await secondStep(token, totpCode(secret, clock));
    refused(
      again,
      401,
      'This sign-in has expired or was already completed. Please sign in again.',
      'mfa_token_expired',
    );
    const late = await mfaToken('once');
    clock += 5 * 60_000 + 1000;
    refused(
      await secondStep(late, totpCode(secret, clock)),
      401,
      'This sign-in has expired or was already completed. Please sign in again.',
      'mfa_token_expired',
    );
    refused(
      await secondStep('mfa.not-a-token', '123456'),
      401,
      'This sign-in has expired or was already completed. Please sign in again.',
      'mfa_token_expired',
    );
  });

  it('takes each recovery code once', async () => {
    const { codes, token } = await enrol('recoverer');
    const first = await secondStep(await mfaToken('recoverer'), codes[0].toUpperCase());
    expect(first.statusCode).toBe(200);
    expect((await status(token)).recovery_codes_left).toBe(9);
    expect(await audited('recovery_code_used', 'recoverer')).toBe(1);
    refused(await secondStep(await mfaToken('recoverer'), codes[0]), 401, 'Wrong code', 'wrong_code');
    expect((await status(token)).recovery_codes_left).toBe(9);
    expect((await secondStep(await mfaToken('recoverer'), codes[1].replace(/-/g, ''))).statusCode).toBe(200);
  });

  it('counts wrong codes with the failed sign-ins: after five, even the right code is 429', async () => {
    const { secret } = await enrol('guesser');
    const token = await mfaToken('guesser');
    for (let i = 0; i < 5; i++) refused(await secondStep(token, '000000'), 401, 'Wrong code', 'wrong_code');
    const locked = await secondStep(token, totpCode(secret, clock));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('sign_in_locked');
    // The password step is locked too, and the known password does not reset the count.
    expect((await login('guesser')).statusCode).toBe(429);
    expect(await audited('mfa_login_locked', 'guesser')).toBe(1);
  });

  it('keeps the second factor through a password reset', async () => {
    await t.createUser('forgetful', 'manager', 'secret123', 'forgetful@example.com');
    const token = await t.login('forgetful', 'secret123');
    const { secret } = (await call('POST', '/api/auth/mfa/totp/setup', token)).json();
    await call('POST', '/api/auth/mfa/totp/confirm', token, { code: totpCode(secret, clock) });
    clock += STEP;
    const reset = await call('POST', '/api/auth/request-password-reset', undefined, {
      email: 'forgetful@example.com',
    });
    const done = await call('POST', '/api/auth/reset-password', undefined, {
      token: reset.json().token,
      password: 'newpass123',
    });
    expect(done.statusCode).toBe(200);
    const res = (await login('forgetful', 'newpass123')).json();
    expect(res.mfa_required).toBe(true);
    expect((await secondStep(res.mfa_token, totpCode(secret, clock))).statusCode).toBe(200);
  });
});

describe('turning it off', () => {
  it('needs the password and a code; a wrong one is 400 and nothing changes', async () => {
    const { secret, token } = await enrol('quitter');
    const off = (password: string, code: string) =>
      call('DELETE', '/api/auth/mfa', token, { password, code });
    refused(await off('nope', totpCode(secret, clock)), 400, 'Password is incorrect', 'wrong_password');
    refused(await off('secret123', '000000'), 400, 'Wrong code', 'wrong_code');
    expect((await status(token)).totp).toBe(true);
    expect(await audited('mfa_disable_failed', 'quitter')).toBe(2);
    expect((await off('secret123', totpCode(secret, clock))).statusCode).toBe(200);
    expect(await status(token)).toEqual({ success: true, totp: false, passkeys: [], recovery_codes_left: 0 });
    expect(await audited('mfa_disabled', 'quitter')).toBe(1);
    expect((await login('quitter')).json().token).toEqual(expect.any(String));
    refused(await off('secret123', '123456'), 400, 'The authenticator app is not on', 'mfa_not_enabled');
  });

  it("lets an admin turn off another user's, which ends that user's sessions", async () => {
    const { token } = await enrol('lostphone');
    const [{ id }] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'lostphone'`);
    await t.createUser('helpdesk', 'manager');
    const manager = await t.login('helpdesk', 'secret123');
    const admin = await t.login('admin', ADMIN_PASSWORD);
    refused(
      await call('DELETE', `/api/auth/users/${id}/mfa`, manager),
      403,
      'Only admins can manage users',
      'forbidden',
    );
    refused(
      await call('DELETE', '/api/auth/users/999999/mfa', admin),
      404,
      'User not found',
      'user_not_found',
    );
    expect((await call('DELETE', `/api/auth/users/${id}/mfa`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/verify-token', token)).statusCode).toBe(401);
    expect((await login('lostphone')).json().token).toEqual(expect.any(String));
    expect(await audited('mfa_reset_by_admin', 'admin')).toBeGreaterThan(0);
  });
});

describe('the required setting and the forced setup', () => {
  it('is read and changed by admins only, audited', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    await t.createUser('notadmin', 'manager');
    const manager = await t.login('notadmin', 'secret123');
    expect((await call('GET', '/api/config/security', admin)).json()).toEqual({
      success: true,
      mfa_required_for: 'none',
    });
    refused(
      await call('PUT', '/api/config/security', manager, { mfa_required_for: 'everyone' }),
      403,
      'Only admins can change the security settings',
      'forbidden',
    );
    const bad = await call('PUT', '/api/config/security', admin, { mfa_required_for: 'some' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'mfa_required_for must be one of none, admins, managers_and_admins, everyone',
    );
    expect((await call('GET', '/api/config/security', admin)).json().mfa_required_for).toBe('none');
  });

  it('sends a covered user without a second factor to set one up, and nowhere else', async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    await t.createUser('forced', 'manager');
    await t.createUser('free', 'provider');
    const set = await call('PUT', '/api/config/security', admin, { mfa_required_for: 'managers_and_admins' });
    expect(set.json().mfa_required_for).toBe('managers_and_admins');
    try {
      expect((await login('free')).json().token).toEqual(expect.any(String));
      const answer = (await login('forced')).json();
      expect(answer).toEqual({ success: true, mfa_setup_required: true, setup_token: expect.any(String) });
      const setupToken: string = answer.setup_token;
      for (const [method, url] of [
        ['GET', '/api/auth/verify-token'],
        ['GET', '/api/auth/mfa'],
        ['GET', '/api/config/code-mappings'],
        ['POST', '/api/auth/mfa/passkey/options'],
      ] as const)
        refused(
          await call(method, url, setupToken),
          403,
          'Set up a second factor first: this sign-in can only be used to set up an authenticator app',
          'mfa_setup_pending',
        );
      const { secret } = (await call('POST', '/api/auth/mfa/totp/setup', setupToken)).json();
      refused(
        await call('POST', '/api/auth/mfa/totp/confirm', setupToken, { code: '000000' }),
        400,
        'Wrong code',
        'wrong_code',
      );
      const confirmed = await call('POST', '/api/auth/mfa/totp/confirm', setupToken, {
        code: totpCode(secret, clock),
      });
      expect(confirmed.statusCode).toBe(200);
      const body = confirmed.json();
      expect(body.recovery_codes).toHaveLength(10);
      expect(body.user.has_mfa).toBe(true);
      expect((await call('GET', '/api/auth/verify-token', body.token)).statusCode).toBe(200);
      // The setup token was for one setup.
      refused(
        await call('POST', '/api/auth/mfa/totp/setup', setupToken),
        401,
        'This sign-in has expired or was already completed. Please sign in again.',
        'mfa_token_expired',
      );
      expect((await login('forced')).json().mfa_required).toBe(true);
    } finally {
      await call('PUT', '/api/config/security', admin, { mfa_required_for: 'none' });
    }
    expect(await audited('security_changed', 'admin')).toBe(2);
  });
});

describe('sessions', () => {
  it("lists the caller's own, newest first, with where and what from; ends one, which stops at once", async () => {
    await t.createUser('traveller', 'provider');
    await t.createUser('stranger', 'provider');
    const signIn = async (ua: string, ip: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'traveller', password: 'secret123' },
          headers: { 'user-agent': ua },
          remoteAddress: ip,
        })
      ).json().token as string;
    const laptop = await signIn('Laptop browser', '10.1.1.1');
    clock += 1000;
    const phone = await signIn('Phone browser', '10.2.2.2');
    const listed = (await call('GET', '/api/auth/sessions', phone)).json().sessions;
    expect(
      listed.map((s: { user_agent: string; ip: string; current: boolean }) => [
        s.user_agent,
        s.ip,
        s.current,
      ]),
    ).toEqual([
      ['Phone browser', '10.2.2.2', true],
      ['Laptop browser', '10.1.1.1', false],
    ]);
    const stranger = await t.login('stranger', 'secret123');
    refused(
      await call('DELETE', `/api/auth/sessions/${listed[1].id}`, stranger),
      404,
      'Session not found',
      'session_not_found',
    );
    refused(
      await call('DELETE', '/api/auth/sessions/unknown', phone),
      404,
      'Session not found',
      'session_not_found',
    );
    expect((await call('GET', '/api/auth/verify-token', laptop)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/auth/sessions/${listed[1].id}`, phone)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/verify-token', laptop)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/sessions', phone)).json().sessions).toHaveLength(1);
    expect(await audited('session_ended', 'traveller')).toBe(1);
  });
});

describe('the log', () => {
  it('holds no secret, code, recovery code or token of the second factor', async () => {
    const { secret, codes } = await enrol('quiet');
    const pending = await mfaToken('quiet');
    await secondStep(pending, '000000');
    const done = await secondStep(pending, totpCode(secret, clock));
    expect(done.statusCode).toBe(200);
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const text of [secret, pending, done.json().token, totpCode(secret, clock), ...codes])
      expect(log).not.toContain(text);
  });
});
