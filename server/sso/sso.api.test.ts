/**
 * Single sign-on (docs/behaviour.md section 20) against a real identity provider on a loopback
 * port, driven through its redirects and sign-in page over HTTP: the flow, each refusal in words
 * with nothing changed, one use of every state, code and ticket, PASSWORD_LOGIN=off, and a log
 * free of codes and tokens.
 */
import type { LightMyRequestResponse } from 'fastify';
import { passwordLoginOffMessage } from '../auth/password-login';
import { totpCode } from '../auth/totp';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';
import { signInAtProvider } from '../test/oidc-flow';
import {
  IDP_ACCOUNTS,
  startTestIdentityProvider,
  TEST_CLIENT,
  type TestIdentityProvider,
} from '../test/oidc-provider';
import { STATE_INVALID, TICKET_INVALID } from './service';

const APP_URL = 'http://127.0.0.1:3742';
const NAME = 'Lakeside Workspace';

let idp: TestIdentityProvider;
let t: TestContext;
const logLines: string[] = [];
/** Every code, state, ticket and token seen, none of which may reach the log. */
const secrets = new Set<string>([TEST_CLIENT.secret]);

beforeAll(async () => {
  idp = await startTestIdentityProvider(`${APP_URL}/api/auth/oidc/callback`);
  t = await createTestContext(
    {
      APP_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_NAME: NAME,
    },
    { logLines },
  );
  // The provider writes the address in lower case; the account has it in mixed case.
  await t.createUser('dana', 'manager', 'dana-pass', 'Dana.SSO@Example.test');
  await t.createUser('ursula', 'provider', 'ursula-pass', IDP_ACCOUNTS.unverified);
  await t.createUser('ivan', 'provider', 'ivan-pass', 'ivan.sso@example.test');
  await t.db.query(`UPDATE users SET is_active = false WHERE username = 'ivan'`);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** The app's redirect to the provider. */
async function startFlow(app = t): Promise<URL> {
  const res = await app.app.inject({ url: '/api/auth/oidc/start' });
  expect(res.statusCode, res.body).toBe(302);
  const to = new URL(String(res.headers.location));
  secrets.add(to.searchParams.get('state') ?? '');
  return to;
}

/** The app's callback, called with the address the provider sent the browser to. */
async function callBack(callbackUrl: string, app = t): Promise<string> {
  const url = new URL(callbackUrl);
  for (const key of ['code', 'state']) if (url.searchParams.get(key)) secrets.add(url.searchParams.get(key)!);
  const res = await app.app.inject({ url: `${url.pathname}${url.search}` });
  expect(res.statusCode, res.body).toBe(302);
  const landing = new URL(String(res.headers.location));
  expect(`${landing.origin}${landing.pathname}`).toBe(`${APP_URL}/login`);
  const ticket = landing.searchParams.get('sso');
  expect(ticket).toBeTruthy();
  secrets.add(ticket!);
  return ticket!;
}

async function complete(ticket: string, app = t): Promise<LightMyRequestResponse> {
  const res = await app.app.inject({ method: 'POST', url: '/api/auth/oidc/complete', payload: { ticket } });
  if (res.statusCode === 200) secrets.add(res.json().token);
  return res;
}

/** The whole round: start, the provider's page as `login`, the callback, the ticket taken. */
async function signOnAs(login: string, app = t) {
  const callbackUrl = await signInAtProvider((await startFlow(app)).toString(), login);
  return complete(await callBack(callbackUrl, app), app);
}

/** What a refusal must leave as it was: the accounts (with their last sign-in) and the sessions. */
async function accountsAndSessions() {
  const [row] = await t.db.query<{ users: string; sessions: string }>(
    `SELECT (SELECT md5(string_agg(u::text, '|' ORDER BY u.id)) FROM users u) AS users,
            (SELECT count(*)::text FROM sessions) AS sessions`,
  );
  return row;
}

const lastAudit = async () =>
  (
    await t.db.query<{ action: string; username: string | null; detail: Record<string, unknown> | null }>(
      'SELECT action, username, detail FROM audit_log ORDER BY id DESC LIMIT 1',
    )
  )[0];

const refusal = (res: LightMyRequestResponse, status: number, error: string, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ success: false, error, code });
};

describe('single sign-on', () => {
  it('is offered on the sign-in screen with its name', async () => {
    const res = await t.app.inject({ url: '/api/auth/oidc' });
    expect(res.json()).toEqual({ success: true, enabled: true, name: NAME, password_login: true });
  });

  it('sends the browser to the provider with PKCE (S256), a state and a nonce kept on the server', async () => {
    const to = await startFlow();
    expect(to.origin).toBe(idp.issuer);
    const q = to.searchParams;
    expect(q.get('client_id')).toBe(TEST_CLIENT.id);
    expect(q.get('redirect_uri')).toBe(`${APP_URL}/api/auth/oidc/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    // Kept as a hash: the state itself is nowhere in the table.
    const flows = await t.db.query<{ state_hash: string }>('SELECT state_hash FROM sso_flows');
    expect(flows.map((f) => f.state_hash)).not.toContain(q.get('state'));
    expect(flows.length).toBeGreaterThan(0);
  });

  it('signs in the active user with the verified e-mail, whatever its case, with a working token', async () => {
    const res = await signOnAs(IDP_ACCOUNTS.verified);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { username: 'dana', role: 'manager' } });
    expect(body.user.last_login).not.toBeNull();
    const verify = await t.app.inject({ url: '/api/auth/verify-token', headers: bearer(body.token) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.username).toBe('dana');
    expect(await lastAudit()).toEqual({ action: 'login', username: 'dana', detail: { method: 'sso' } });
  });

  it('takes a ticket once', async () => {
    const ticket = await callBack(
      await signInAtProvider((await startFlow()).toString(), IDP_ACCOUNTS.verified),
    );
    expect((await complete(ticket)).statusCode).toBe(200);
    const before = await accountsAndSessions();
    refusal(await complete(ticket), 401, TICKET_INVALID, 'sso_ticket_invalid');
    refusal(await complete('made-up'), 401, TICKET_INVALID, 'sso_ticket_invalid');
    expect(await accountsAndSessions()).toEqual(before);
    expect(await lastAudit()).toMatchObject({
      action: 'login_sso_refused',
      detail: { reason: 'sso_ticket_invalid' },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/complete', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'The sign-on ticket is required', field: 'ticket' });
  });

  it('refuses an e-mail no account has, in words, and creates no account', async () => {
    const before = await accountsAndSessions();
    const res = await signOnAs('stranger@example.test');
    refusal(res, 403, 'No active account for stranger@example.test: ask an administrator', 'sso_no_account');
    expect(await accountsAndSessions()).toEqual(before);
    expect(await lastAudit()).toEqual({
      action: 'login_sso_refused',
      username: null,
      detail: { reason: 'sso_no_account', email: 'stranger@example.test' },
    });
  });

  it('refuses an e-mail the provider has not verified, even when an account has it', async () => {
    const before = await accountsAndSessions();
    refusal(
      await signOnAs(IDP_ACCOUNTS.unverified),
      403,
      `${NAME} has not verified the e-mail address ${IDP_ACCOUNTS.unverified}: ask an administrator`,
      'sso_email_unverified',
    );
    expect(await accountsAndSessions()).toEqual(before);
    expect(await lastAudit()).toMatchObject({
      action: 'login_sso_refused',
      detail: { reason: 'sso_email_unverified', email: IDP_ACCOUNTS.unverified },
    });
  });

  it('refuses a person with no e-mail address', async () => {
    const before = await accountsAndSessions();
    refusal(
      await signOnAs(IDP_ACCOUNTS.noEmail),
      403,
      `${NAME} sent no e-mail address for you: ask an administrator`,
      'sso_no_email',
    );
    expect(await accountsAndSessions()).toEqual(before);
  });

  it('refuses an inactive account as no active account', async () => {
    const before = await accountsAndSessions();
    refusal(
      await signOnAs('ivan.sso@example.test'),
      403,
      'No active account for ivan.sso@example.test: ask an administrator',
      'sso_no_account',
    );
    expect(await accountsAndSessions()).toEqual(before);
  });

  it('refuses a tampered state, leaving the flow it did not match for its own answer', async () => {
    const callbackUrl = new URL(
      await signInAtProvider((await startFlow()).toString(), IDP_ACCOUNTS.verified),
    );
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', `${callbackUrl.searchParams.get('state')}x`);
    const before = await accountsAndSessions();
    refusal(await complete(await callBack(tampered.toString())), 401, STATE_INVALID, 'sso_state_invalid');
    const missing = new URL(callbackUrl);
    missing.searchParams.delete('state');
    refusal(await complete(await callBack(missing.toString())), 401, STATE_INVALID, 'sso_state_invalid');
    expect(await accountsAndSessions()).toEqual(before);
    expect(await lastAudit()).toMatchObject({
      action: 'login_sso_refused',
      detail: { reason: 'sso_state_invalid' },
    });
    expect((await complete(await callBack(callbackUrl.toString()))).statusCode).toBe(200);
  });

  it('refuses a replayed callback, and a used code under a new state', async () => {
    const callbackUrl = new URL(
      await signInAtProvider((await startFlow()).toString(), IDP_ACCOUNTS.verified),
    );
    expect((await complete(await callBack(callbackUrl.toString()))).statusCode).toBe(200);
    const before = await accountsAndSessions();
    // The same address again: its state is used.
    refusal(await complete(await callBack(callbackUrl.toString())), 401, STATE_INVALID, 'sso_state_invalid');
    // The used code with the state of a flow just started: the provider refuses the code.
    const fresh = (await startFlow()).searchParams.get('state')!;
    const replay = new URL(callbackUrl);
    replay.searchParams.set('state', fresh);
    refusal(
      await complete(await callBack(replay.toString())),
      401,
      `The sign-in with ${NAME} could not be completed: its answer did not pass the checks`,
      'sso_failed',
    );
    expect(await accountsAndSessions()).toEqual(before);
    expect(await lastAudit()).toMatchObject({
      action: 'login_sso_refused',
      detail: { reason: 'sso_failed' },
    });
  });

  it('refuses a sign-in the provider answered with an error', async () => {
    const state = (await startFlow()).searchParams.get('state')!;
    const before = await accountsAndSessions();
    refusal(
      await complete(await callBack(`${APP_URL}/api/auth/oidc/callback?error=access_denied&state=${state}`)),
      401,
      `The sign-in with ${NAME} could not be completed: it answered access_denied`,
      'sso_failed',
    );
    expect(await accountsAndSessions()).toEqual(before);
  });

  it('keeps passwords working while PASSWORD_LOGIN is on', async () => {
    expect(await t.login('dana', 'dana-pass')).toBeTruthy();
  });

  it('writes no code, state, ticket, token or client secret to the log', () => {
    expect(secrets.size).toBeGreaterThan(10);
    const log = logLines.join('\n');
    // The log is read: the refusals' reasons are in it.
    expect(log).toContain('Single sign-on refused');
    for (const secret of secrets) if (secret) expect(log).not.toContain(secret);
  });
});

describe('with PASSWORD_LOGIN=off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({
      APP_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_NAME: NAME,
      PASSWORD_LOGIN: 'off',
    });
    await off.createUser('paula', 'admin', 'paula-pass', 'paula@example.test');
  });
  afterAll(() => off?.close());

  it('says so to the sign-in screen', async () => {
    const res = await off.app.inject({ url: '/api/auth/oidc' });
    expect(res.json()).toEqual({ success: true, enabled: true, name: NAME, password_login: false });
  });

  it('refuses a password to everyone but the first admin, before looking at it, changing nothing', async () => {
    const [before] = await off.db.query<{ users: string; sessions: string }>(
      `SELECT (SELECT md5(string_agg(u::text, '|' ORDER BY u.id)) FROM users u) AS users,
              (SELECT count(*)::text FROM sessions) AS sessions`,
    );
    for (const [username, password] of [
      ['paula', 'paula-pass'],
      ['paula', 'wrong'],
      ['nobody', 'whatever'],
    ]) {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      });
      expect(res.statusCode, username).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        error: passwordLoginOffMessage(NAME),
        code: 'password_login_off',
      });
    }
    expect(passwordLoginOffMessage(NAME)).toBe(
      `Signing in with a password is turned off: use 'Sign in with ${NAME}'`,
    );
    const [after] = await off.db.query<{ users: string; sessions: string }>(
      `SELECT (SELECT md5(string_agg(u::text, '|' ORDER BY u.id)) FROM users u) AS users,
              (SELECT count(*)::text FROM sessions) AS sessions`,
    );
    expect(after).toEqual(before);
    const [audit] = await off.db.query<{ action: string; username: string }>(
      'SELECT action, username FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(audit).toEqual({ action: 'login_refused_password_off', username: 'nobody' });
    expect(await off.login('admin', ADMIN_PASSWORD)).toBeTruthy();
    expect(await off.login('Admin', ADMIN_PASSWORD)).toBeTruthy();
  });
});

/** Turns the authenticator app on for a user of `app`, signing in with their password. */
async function enrolApp(app: TestContext, username: string, password: string) {
  const token = await app.login(username, password);
  const setup = await app.app.inject({
    method: 'POST',
    url: '/api/auth/mfa/totp/setup',
    headers: bearer(token),
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const confirm = await app.app.inject({
    method: 'POST',
    url: '/api/auth/mfa/totp/confirm',
    headers: bearer(token),
    payload: { code: totpCode(setup.json().secret, Date.now()) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
}

describe('single sign-on and the second factor', () => {
  it('asks a user with an authenticator app for it after the organization signs them in', async () => {
    await enrolApp(t, 'dana', 'dana-pass');
    const res = await signOnAs(IDP_ACCOUNTS.verified);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, mfa_required: true, methods: ['totp', 'recovery'] });
    expect(res.json().token).toBeUndefined();
    secrets.add(res.json().mfa_token);
  });

  it("takes the organization's sign-in as the second factor with OIDC_TRUSTED_MFA=true", async () => {
    const trusting = await createTestContext({
      APP_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_TRUSTED_MFA: 'true',
    });
    try {
      await trusting.createUser('dana', 'manager', 'dana-pass', IDP_ACCOUNTS.verified);
      await enrolApp(trusting, 'dana', 'dana-pass');
      const res = await signOnAs(IDP_ACCOUNTS.verified, trusting);
      expect(res.statusCode, res.body).toBe(200);
      const verify = await trusting.app.inject({
        url: '/api/auth/verify-token',
        headers: bearer(res.json().token),
      });
      expect(verify.json().user.username).toBe('dana');
    } finally {
      await trusting.close();
    }
  });
});

describe('without single sign-on set up', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain?.close());

  it('offers no button, and refuses its addresses with 404', async () => {
    const status = await plain.app.inject({ url: '/api/auth/oidc' });
    expect(status.json()).toEqual({ success: true, enabled: false, name: null, password_login: true });
    const error = {
      success: false,
      error: 'Single sign-on is not set up on this server',
      code: 'sso_not_configured',
    };
    for (const [method, url] of [
      ['GET', '/api/auth/oidc/start'],
      ['GET', '/api/auth/oidc/callback?code=a&state=b'],
      ['POST', '/api/auth/oidc/complete'],
    ] as const) {
      const res = await plain.app.inject({
        method,
        url,
        ...(method === 'POST' && { payload: { ticket: 'x' } }),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(error);
    }
  });
});
