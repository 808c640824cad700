import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { idleSignOutMessage } from '../../common/api/auth';
import { buildApp } from '../app';
import { SESSION_ENDED } from '../caller/guard';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';

// Sign-out ends the token on the server (docs/security.md, Sessions): Logout, the idle limit and a
// password change or reset. Time is moved on with the app's clock, never waited for.

let t: TestContext;
/** The same database and secret as `t.app`, judged by `clock` instead of the real time. */
let timed: FastifyInstance;
let clock = Date.now();
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext();
  timed = await buildApp({ db: t.db, env: t.env, tokens: t.tokens, mailer: null, now: () => clock });
  await timed.ready();
});
afterAll(async () => {
  await timed.close();
  await t.close();
});

const verify = (token: string, app = t.app) =>
  app.inject({ url: '/api/auth/verify-token', headers: bearer(token) });
const logout = (token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload });

async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

/** The session a token names (its `sid` claim). */
const sessionOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;

const sessionsOf = async (username: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions JOIN users ON users.id = sessions.user_id
       WHERE users.username = $1`,
      [username],
    )
  )[0].n;

describe('POST /api/auth/logout', () => {
  it('ends that token at once, and only that one', async () => {
    await t.createUser('leaving', 'manager');
    const token = await t.login('leaving', 'secret123');
    const other = await t.login('leaving', 'secret123');
    expect((await verify(token)).statusCode).toBe(200);

    const res = await logout(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = await verify(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(SESSION_ENDED);
    // The same sign-in in another browser goes on.
    expect((await verify(other)).statusCode).toBe(200);
    expect(await sessionsOf('leaving')).toBe(1);
  });

  it('answers an ended token 401, as every call does, and needs a token', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await logout(token)).statusCode).toBe(200);
    const again = await logout(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ success: false, error: SESSION_ENDED, code: 'session_ended' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('is audited, the automatic logoff with its reason', async () => {
    await t.createUser('audited', 'provider');
    await logout(await t.login('audited', 'secret123'));
    await logout(await t.login('audited', 'secret123'), { reason: 'idle' });
    const rows = await t.db.query<{ detail: unknown }>(
      `SELECT detail FROM audit_log WHERE action = 'logout' AND username = 'audited' ORDER BY id`,
    );
    expect(rows.map((r) => r.detail)).toEqual([null, { reason: 'idle' }]);
    expect((await logout(await t.login('audited', 'secret123'), { reason: 'bored' })).statusCode).toBe(400);
  });

  it('refuses an unknown field with 400 naming it, and the session goes on, unaudited', async () => {
    await t.createUser('extra', 'provider');
    const token = await t.login('extra', 'secret123');
    for (const payload of [{ reason: 'idle', x: 1 }, { x: 1 }]) {
      const res = await logout(token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: expect.stringContaining('"x"'),
        code: 'invalid_request',
      });
    }
    expect((await verify(token)).statusCode).toBe(200);
    expect(await sessionsOf('extra')).toBe(1);
    const rows = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'logout' AND username = 'extra'`);
    expect(rows).toHaveLength(0);
    // The same call without the stray field signs out.
    expect((await logout(token, { reason: 'idle' })).statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(401);
  });
});

describe('a password change or reset', () => {
  it('a change ends every other session of the user; this one goes on with the new token', async () => {
    await t.createUser('changer', 'provider', 'old-pass-1');
    const here = await t.login('changer', 'old-pass-1');
    const elsewhere = await t.login('changer', 'old-pass-1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(here),
      payload: { current_password: 'old-pass-1', new_password: 'new-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await verify(here)).statusCode).toBe(401);
    expect((await verify(elsewhere)).statusCode).toBe(401);
    const renewed = res.json().token as string;
    expect((await verify(renewed)).statusCode).toBe(200);
    expect(await sessionsOf('changer')).toBe(1);
    // The new token belongs to the same session: signing out ends it.
    expect((await logout(renewed)).statusCode).toBe(200);
    expect((await verify(renewed)).statusCode).toBe(401);
    expect(await sessionsOf('changer')).toBe(0);
  });

  it('a reset ends every session of the user', async () => {
    await t.createUser('forgetful', 'provider', 'old-pass-2', 'forgetful@example.com');
    const tokens = [await t.login('forgetful', 'old-pass-2'), await t.login('forgetful', 'old-pass-2')];
    // A reset link as the mail would carry it.
    await t.db.query(
      `INSERT INTO reset_tokens (user_id, token_hash, expires_at)
       SELECT id, encode(sha256('forgetful-link'::bytea), 'hex'), now() + interval '1 hour'
       FROM users WHERE username = 'forgetful'`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'forgetful-link', password: 'new-pass-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const token of tokens) expect((await verify(token)).statusCode).toBe(401);
    expect(await sessionsOf('forgetful')).toBe(0);
  });
});

describe('the idle limit, judged by the server (IDLE_TIMEOUT_MINUTES, 30 here)', () => {
  const stored = async (token: string) =>
    (await t.db.query('SELECT 1 FROM sessions WHERE id = $1', [sessionOf(token)])).length === 1;
  const seenAgo = async (token: string) => {
    const [{ ms }] = await t.db.query<{ ms: number }>(
      `SELECT (extract(epoch FROM last_seen_at) * 1000)::float8 AS ms FROM sessions WHERE id = $1`,
      [sessionOf(token)],
    );
    return clock - ms;
  };

  it('a call moves the last use on at most once a minute, so most calls write nothing', async () => {
    clock = Date.now();
    const token = await signIn(timed, 'admin', ADMIN_PASSWORD);
    clock += 59_000;
    expect((await verify(token, timed)).statusCode).toBe(200);
    expect(await seenAgo(token)).toBe(59_000);
    clock += 1_000;
    expect((await verify(token, timed)).statusCode).toBe(200);
    expect(await seenAgo(token)).toBe(0);
  });

  it('refuses a session unused for longer than the limit, judged at the call, not when it was read', async () => {
    clock = Date.now();
    const token = await signIn(timed, 'admin', ADMIN_PASSWORD);
    clock += 30_000;
    // Read (and, on the embedded database, kept until the next write), and written nothing.
    expect((await verify(token, timed)).statusCode).toBe(200);
    clock += 31 * MINUTE;
    const late = await verify(token, timed);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: idleSignOutMessage(30), code: 'signed_out_idle' });
    // Signing in again starts afresh.
    expect((await verify(await signIn(timed, 'admin', ADMIN_PASSWORD), timed)).statusCode).toBe(200);
  });

  it('keeps a session in use: each call counts the limit again', async () => {
    clock = Date.now();
    const token = await signIn(timed, 'admin', ADMIN_PASSWORD);
    for (let i = 0; i < 4; i++) {
      clock += 30 * MINUTE;
      expect((await verify(token, timed)).statusCode).toBe(200);
    }
  });

  it('never ends a session before the limit has passed since its last call, though that call was not stored', async () => {
    clock = Date.now();
    const token = await signIn(timed, 'admin', ADMIN_PASSWORD);
    clock += 59_000;
    expect((await verify(token, timed)).statusCode).toBe(200);
    expect(await seenAgo(token)).toBe(59_000);
    clock += 30 * MINUTE;
    expect((await verify(token, timed)).statusCode).toBe(200);
  });

  it('has no idle limit when IDLE_TIMEOUT_MINUTES is 0', async () => {
    const off = await buildApp({
      db: t.db,
      env: { ...t.env, idleTimeoutMinutes: 0 },
      tokens: t.tokens,
      mailer: null,
      now: () => clock,
    });
    clock = Date.now();
    const token = await signIn(off, 'admin', ADMIN_PASSWORD);
    clock += 11 * 60 * MINUTE;
    expect((await verify(token, off)).statusCode).toBe(200);
    await off.close();
  });

  it('sign-in clears away sessions that ended on their own, and keeps the live ones', async () => {
    clock = Date.now();
    const idle = await signIn(timed, 'admin', ADMIN_PASSWORD);
    clock += 20 * MINUTE;
    const live = await signIn(timed, 'admin', ADMIN_PASSWORD);
    clock += 12 * MINUTE;
    await signIn(timed, 'admin', ADMIN_PASSWORD);
    expect(await stored(idle)).toBe(false);
    expect(await stored(live)).toBe(true);
    expect((await verify(live, timed)).statusCode).toBe(200);
    // Past the token's lifetime (12 h) it goes too, however recently it was used.
    for (let i = 0; i < 24; i++) {
      clock += 30 * MINUTE;
      expect((await verify(live, timed)).statusCode).toBe(200);
    }
    await signIn(timed, 'admin', ADMIN_PASSWORD);
    expect(await stored(live)).toBe(false);
  });
});

describe('tokens', () => {
  it('refuses a token that names no session (from before sessions), though signed with the secret', async () => {
    const [{ id, token_version }] = await t.db.query<{ id: number; token_version: number }>(
      `SELECT id, token_version FROM users WHERE username = 'admin'`,
    );
    const old = await new SignJWT({ ver: token_version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.env.jwtSecret));
    expect((await verify(old)).statusCode).toBe(401);
  });

  it('refuses a session named in a token of another user', async () => {
    const adminToken = await t.login('admin', ADMIN_PASSWORD);
    const otherId = await t.createUser('borrower', 'provider');
    const forged = await t.tokens.sign({ userId: otherId, version: 0, sessionId: sessionOf(adminToken) });
    expect((await verify(forged)).statusCode).toBe(401);
    expect((await verify(adminToken)).statusCode).toBe(200);
  });
});
