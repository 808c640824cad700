import { bearer, createTestContext, type TestContext } from '../test/harness';

// On the embedded database a long transaction (an import, a backup) holds every statement until it
// ends. A call whose session's last use is due to be written must not wait for it: the write goes
// in behind the transaction, and the call answers from the guard's cached read.

let t: TestContext;
let clock = Date.parse('2026-11-27T10:00:00Z');
// Ends the long transaction; called after the test too, so a call that waited for it ends as well.
let release = () => {};

beforeAll(async () => {
  t = await createTestContext({}, { embeddedOnDisk: true, now: () => clock });
});
afterAll(async () => {
  release();
  await t.close();
});

const lastSeen = async () =>
  (await t.db.query<{ at: Date }>('SELECT max(last_seen_at) AS at FROM sessions'))[0].at.getTime();

describe('a call during a long transaction on the embedded database', () => {
  it('answers without waiting for it, and its last use is written once it has ended', async () => {
    const token = await t.login('admin', 'admin-pass');
    const verify = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/verify-token', headers: bearer(token) });
    expect((await verify()).statusCode).toBe(200);
    const before = await lastSeen();
    clock += 2 * 60_000;

    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun = () => {};
    const inside = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const long = t.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      begun();
      await held;
    });
    await inside;
    // Answered while the transaction is still open: had it waited, this would never resolve.
    const during = await verify();
    expect(during.statusCode).toBe(200);
    release();
    await long;
    await verify();
    expect(await lastSeen()).toBe(before + 2 * 60_000);
  });
});
