/**
 * Passkeys' refusals over the API (docs/behaviour.md section 20). A real registration and
 * assertion need an authenticator: the browser test drives Chromium's virtual one. Here the
 * server's checks meet answers that must fail: no challenge, a forged answer, an unknown
 * credential, another user's.
 */
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { totpCode } from './totp';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
const refused = (res: LightMyRequestResponse, status: number, error: string, code: string) =>
  expect({ status: res.statusCode, error: res.json().error, code: res.json().code }).toEqual({
    status,
    error,
    code,
  });
const forged = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key',
  response: {
    clientDataJSON: Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: 'x', origin: 'http://localhost:3000' }),
    ).toString('base64url'),
    authenticatorData: 'AAAA',
    signature: 'AAAA',
  },
  clientExtensionResults: {},
});
const passkeyCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passkeys'))[0].n;

/** A stored passkey, as a registration would leave it (its key never signs anything here). */
async function storedPasskey(username: string, credentialId: string, name: string) {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, name, created_at)
     SELECT id, $2, 'pQECAyYgASFYIA', 0, $3, now() FROM users WHERE username = $1 RETURNING id`,
    [username, credentialId, name],
  );
  return row.id;
}

describe('registering a passkey', () => {
  it('gives options for APP_URL’s host, excluding the user’s own passkeys', async () => {
    await t.createUser('keyholder', 'manager');
    const token = await t.login('keyholder', 'secret123');
    await storedPasskey('keyholder', 'existing-cred', 'Old key');
    const res = await call('POST', '/api/auth/mfa/passkey/options', token);
    expect(res.statusCode).toBe(200);
    const { options } = res.json();
    expect(options.rp).toEqual({ name: 'Full Arch Tracker', id: 'localhost' });
    expect(options.user.name).toBe('keyholder');
    expect(options.challenge).toEqual(expect.any(String));
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual(['existing-cred']);
  });

  it('refuses an answer with no request under way, and a forged one, storing nothing', async () => {
    await t.createUser('forger', 'manager');
    const token = await t.login('forger', 'secret123');
    const before = await passkeyCount();
    const register = () =>
      call('POST', '/api/auth/mfa/passkey/register', token, { name: 'Mine', response: forged('bogus') });
    refused(
      await register(),
      400,
      'The passkey could not be verified: its request has expired or was used; start adding it again',
      'passkey_refused',
    );
    await call('POST', '/api/auth/mfa/passkey/options', token);
    const res = await register();
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passkey_refused');
    // The challenge answered that one attempt.
    refused(
      await register(),
      400,
      'The passkey could not be verified: its request has expired or was used; start adding it again',
      'passkey_refused',
    );
    const unnamed = await call('POST', '/api/auth/mfa/passkey/register', token, {
      name: ' ',
      response: forged('x'),
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error).toBe('Name the passkey');
    expect(await passkeyCount()).toBe(before);
  });
});

describe('naming and removing passkeys', () => {
  it('renames and removes the caller’s own; another’s or an unknown one is 404 and stays', async () => {
    await t.createUser('owner', 'provider');
    await t.createUser('other', 'provider');
    const owner = await t.login('owner', 'secret123');
    const other = await t.login('other', 'secret123');
    const id = await storedPasskey('owner', 'owner-cred', 'Laptop');
    refused(
      await call('PUT', `/api/auth/mfa/passkeys/${id}`, other, { name: 'Mine now' }),
      404,
      'Passkey not found',
      'passkey_not_found',
    );
    refused(
      await call('DELETE', `/api/auth/mfa/passkeys/${id}`, other),
      404,
      'Passkey not found',
      'passkey_not_found',
    );
    refused(
      await call('DELETE', '/api/auth/mfa/passkeys/999999', owner),
      404,
      'Passkey not found',
      'passkey_not_found',
    );
    const renamed = await call('PUT', `/api/auth/mfa/passkeys/${id}`, owner, { name: 'Work laptop' });
    expect(renamed.json().passkey).toMatchObject({ id, name: 'Work laptop', last_used_at: null });
    const status = (await call('GET', '/api/auth/mfa', owner)).json();
    expect(status.passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    expect(status.totp).toBe(false);
    expect((await call('DELETE', `/api/auth/mfa/passkeys/${id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/mfa', owner)).json().passkeys).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('is asked for when the user has one; an unknown, another user’s or a forged answer is refused', async () => {
    await t.createUser('presser', 'manager');
    await t.createUser('neighbour', 'manager');
    await storedPasskey('presser', 'presser-cred', 'Phone');
    await storedPasskey('neighbour', 'neighbour-cred', 'Phone');
    const first = (
      await call('POST', '/api/auth/login', undefined, { username: 'presser', password: 'secret123' })
    ).json();
    expect(first).toMatchObject({ mfa_required: true, methods: ['passkey'] });
    const mfa_token: string = first.mfa_token;
    const assert = (id: string) =>
      call('POST', '/api/auth/login/passkey', undefined, { mfa_token, response: forged(id) });
    refused(
      await assert('presser-cred'),
      400,
      'The passkey could not be verified: ask for the passkey options first',
      'passkey_refused',
    );
    const options = async () => {
      const res = await call('POST', '/api/auth/login/passkey/options', undefined, { mfa_token });
      expect(res.statusCode).toBe(200);
      return res.json().options;
    };
    const { allowCredentials, rpId } = await options();
    expect(rpId).toBe('localhost');
    expect(allowCredentials.map((c: { id: string }) => c.id)).toEqual(['presser-cred']);
    refused(
      await assert('unknown-cred'),
      401,
      'This passkey is not registered to this account',
      'passkey_unknown',
    );
    await options();
    refused(
      await assert('neighbour-cred'),
      401,
      'This passkey is not registered to this account',
      'passkey_unknown',
    );
    await options();
    const wrong = await assert('presser-cred');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('passkey_refused');
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'mfa_login_failed' AND username = 'presser'`,
    );
    expect(n).toBe(3);
    // Nothing signed in, and the key's counter and last use are as they were.
    const [key] = await t.db.query<{ counter: number; last_used_at: Date | null }>(
      `SELECT counter::int AS counter, last_used_at FROM passkeys WHERE credential_id = 'presser-cred'`,
    );
    expect(key).toEqual({ counter: 0, last_used_at: null });
    refused(
      await call('POST', '/api/auth/login/passkey/options', undefined, { mfa_token: 'mfa.unknown' }),
      401,
      'This sign-in has expired or was already completed. Please sign in again.',
      'mfa_token_expired',
    );
  });

  it('refuses options to a user with no passkey', async () => {
    await t.createUser('appuser', 'manager');
    const token = await t.login('appuser', 'secret123');
    const { secret } = (await call('POST', '/api/auth/mfa/totp/setup', token)).json();
    await call('POST', '/api/auth/mfa/totp/confirm', token, { code: totpCode(secret, Date.now()) });
    const { mfa_token } = (
      await call('POST', '/api/auth/login', undefined, { username: 'appuser', password: 'secret123' })
    ).json();
    refused(
      await call('POST', '/api/auth/login/passkey/options', undefined, { mfa_token }),
      400,
      'The passkey could not be verified: this account has no passkey; use a code from the authenticator app',
      'passkey_refused',
    );
  });
});
