import { createTestContext, type TestContext } from '../test/harness';
import { MAX_ADDRESS_FAILURES, MAX_FAILURES } from './throttle';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

const checkedGuesses = async (username: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'login_failed' AND username = $1`,
      [username],
    )
  )[0].n;

describe('sign-in throttle', () => {
  it('200 simultaneous wrong passwords check at most 5 of them', async () => {
    await t.createUser('racer', 'manager', 'secret123');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login('racer', `guess-${i}`, `10.0.${i % 4}.1`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(await checkedGuesses('racer')).toBe(statuses.filter((s) => s === 401).length);
  });

  it('429 says when to come back in Retry-After', async () => {
    await t.createUser('waiter', 'manager', 'secret123');
    for (let i = 0; i < MAX_FAILURES; i++) expect((await login('waiter', 'nope')).statusCode).toBe(401);
    const res = await login('waiter', 'secret123');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('sign_in_locked');
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    // Attempts while locked do not prolong the lock.
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_failures WHERE username_key = 'waiter'`,
    );
    expect(n).toBe(MAX_FAILURES);
  });

  it('one address guessing across many usernames is locked as an address', async () => {
    await t.createUser('bystander', 'provider', 'secret123');
    const address = '192.0.2.44';
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      expect((await login(`spray-${i}`, 'nope', address)).statusCode).toBe(401);
    }
    const refused = await login('bystander', 'secret123', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: expect.stringMatching(/from this address/),
      code: 'sign_in_locked',
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // The same account from another address is not affected.
    expect((await login('bystander', 'secret123', '192.0.2.45')).statusCode).toBe(200);
  });

  it('a success clears the username, not the failures of other usernames from its address', async () => {
    await t.createUser('mixed', 'provider', 'secret123');
    const address = '198.51.100.3';
    for (let i = 0; i < 3; i++) await login('someone-else', 'nope', address);
    expect((await login('mixed', 'secret123', address)).statusCode).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_failures WHERE ip = $1',
      [address],
    );
    expect(n).toBe(3);
  });
});
