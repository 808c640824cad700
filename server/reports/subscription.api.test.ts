/** The caller's own e-mail subscriptions (docs/behaviour.md section 17). */
import { bearer, createTestContext, type TestContext } from '../test/harness';

let mailed: TestContext;
let unmailed: TestContext;
afterAll(async () => {
  await mailed?.close();
  await unmailed?.close();
});

const call = (t: TestContext, token: string, payload?: unknown) =>
  t.app.inject({
    method: payload === undefined ? 'GET' : 'PUT',
    url: '/api/reports/subscription',
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('with mail configured', () => {
  let withEmail: string;
  let noEmail: string;
  let provider: string;
  beforeAll(async () => {
    // Nothing is sent here: the address is only checked to be set.
    mailed = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:1' });
    await mailed.createUser('r-manager', 'manager', 'manager-pass', 'manager@example.com');
    withEmail = await mailed.login('r-manager', 'manager-pass');
    await mailed.createUser('r-plain', 'manager', 'plain-pass');
    noEmail = await mailed.login('r-plain', 'plain-pass');
    await mailed.createUser('r-provider', 'provider', 'provider-pass', 'doc@example.com');
    provider = await mailed.login('r-provider', 'provider-pass');
  });

  it('starts with both switches off and says where the e-mails go', async () => {
    const res = await call(mailed, withEmail);
    expect(res.json()).toEqual({
      success: true,
      monthly_report: false,
      daily_digest: false,
      email: 'manager@example.com',
      mail_configured: true,
    });
  });

  it('turns each switch on and off for the caller alone, audited', async () => {
    const on = await call(mailed, withEmail, { monthly_report: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ monthly_report: true, daily_digest: false });
    expect((await call(mailed, withEmail, { daily_digest: true })).json()).toMatchObject({
      monthly_report: true,
      daily_digest: true,
    });
    expect((await call(mailed, provider)).json()).toMatchObject({
      monthly_report: false,
      daily_digest: false,
    });
    expect((await call(mailed, withEmail, { monthly_report: false })).json()).toMatchObject({
      monthly_report: false,
      daily_digest: true,
    });
    const [row] = await mailed.db.query<{ username: string; detail: unknown }>(
      `SELECT username, detail FROM audit_log WHERE action = 'report_subscription_changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({
      username: 'r-manager',
      detail: {
        before: { monthly_report: true, daily_digest: true },
        after: { monthly_report: false, daily_digest: true },
      },
    });
  });

  it('lets a provider subscribe to their own', async () => {
    expect((await call(mailed, provider, { daily_digest: true })).statusCode).toBe(200);
  });

  it('refuses to turn one on for an account with no e-mail address (400), changing nothing', async () => {
    const res = await call(mailed, noEmail, { monthly_report: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'Ask an administrator to add an email address to your account',
      code: 'no_email_address',
    });
    expect((await call(mailed, noEmail)).json()).toMatchObject({ monthly_report: false, email: null });
    // Turning off needs neither.
    expect((await call(mailed, noEmail, { monthly_report: false })).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Send monthly_report, daily_digest or both'],
    [{ monthly_report: 'yes' }, 'monthly_report must be true or false'],
    [{ daily_digest: null }, 'daily_digest must be true or false'],
  ])('answers %j with 400 naming it', async (payload, error) => {
    const res = await call(mailed, withEmail, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
  });

  it('needs a sign-in', async () => {
    const res = await mailed.app.inject({ url: '/api/reports/subscription' });
    expect(res.statusCode).toBe(401);
  });
});

describe('without mail configured', () => {
  it('refuses to turn one on with 409 and says so in the answer', async () => {
    unmailed = await createTestContext();
    await unmailed.createUser('u-manager', 'manager', 'manager-pass', 'manager@example.com');
    const token = await unmailed.login('u-manager', 'manager-pass');
    expect((await call(unmailed, token)).json()).toMatchObject({ mail_configured: false });
    const res = await call(unmailed, token, { daily_digest: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      error: 'Mail is not configured',
      code: 'mail_not_configured',
    });
    expect((await call(unmailed, token)).json()).toMatchObject({ daily_digest: false });
  });
});
