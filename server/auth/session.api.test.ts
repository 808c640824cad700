import { loadEnv } from '../platform/env';
import { ADMIN_PASSWORD, bearer, createTestContext, type TestContext } from '../test/harness';

// The automatic logoff's setting, which the web app reads once signed in (docs/behaviour.md section 14).

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const t of contexts) await t.close();
});

async function sessionOf(settings: Record<string, string>) {
  const t = await createTestContext(settings);
  contexts.push(t);
  const token = await t.login('admin', ADMIN_PASSWORD);
  return t.app.inject({ url: '/api/auth/session', headers: bearer(token) });
}

describe('GET /api/auth/session', () => {
  it('answers the idle timeout: 30 minutes unless set, 0 when turned off', async () => {
    expect((await sessionOf({})).json()).toEqual({ success: true, idle_timeout_minutes: 30 });
    expect((await sessionOf({ IDLE_TIMEOUT_MINUTES: '0' })).json()).toEqual({
      success: true,
      idle_timeout_minutes: 0,
    });
  });

  it('needs a signed-in user', async () => {
    const t = await createTestContext();
    contexts.push(t);
    expect((await t.app.inject({ url: '/api/auth/session' })).statusCode).toBe(401);
  });
});

describe('IDLE_TIMEOUT_MINUTES', () => {
  it('refuses what is not a whole number of minutes from 0 to a day', () => {
    for (const bad of ['-1', '1.5', 'soon', '1441'])
      expect(() => loadEnv({ IDLE_TIMEOUT_MINUTES: bad })).toThrow(/IDLE_TIMEOUT_MINUTES/);
    expect(loadEnv({ IDLE_TIMEOUT_MINUTES: '15' }).idleTimeoutMinutes).toBe(15);
  });
});
