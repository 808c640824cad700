/**
 * What the second factor's browser tests share: codes computed from the secret as an authenticator
 * app does (otpauth, RFC 6238), sign-ins through the API, and each screen checked at both widths.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { axeViolations } from './axe';
import { ADMIN } from './helpers';

const PERIOD_MS = 30_000;

/** The authenticator app's code of a step. */
const codeAt = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secretOf(secret)), timestamp: step * PERIOD_MS + 1 });

/** The secret as shown (grouped in fours) or as sent, without its spaces. */
const secretOf = (shown: string) => shown.replace(/\s+/g, '');

/**
 * An app's code for a step after the last one used: the server takes each step once (a code is
 * good once), and accepts one step either side of now. Waits for the clock when it must.
 */
export class Authenticator {
  private lastStep: number | null = null;
  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / PERIOD_MS);
      const step = this.lastStep === null ? now : Math.max(now, this.lastStep + 1);
      if (step <= now + 1) {
        this.lastStep = step;
        return codeAt(this.secret, step);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  /** A well-formed code of a step far from now: always wrong. */
  wrongCode(): string {
    return codeAt(this.secret, Math.floor(Date.now() / PERIOD_MS) + 100);
  }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Turns the authenticator app on through the API for a user who has none; its app and recovery codes. */
export async function apiTotpOn(request: APIRequestContext, username: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const answer = (await login.json()) as { token?: string; setup_token?: string };
  const token = answer.token ?? answer.setup_token;
  if (!token) throw new Error(`${username} has a second factor already`);
  const setup = await request.post('/api/auth/mfa/totp/setup', { headers: bearer(token) });
  expect(setup.ok(), await setup.text()).toBe(true);
  const app = new Authenticator(((await setup.json()) as { secret: string }).secret);
  const confirm = await request.post('/api/auth/mfa/totp/confirm', {
    headers: bearer(token),
    data: { code: await app.code() },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  return { app, recoveryCodes: ((await confirm.json()) as { recovery_codes: string[] }).recovery_codes };
}

/** A session token for a user with a second factor, through both steps of the API's sign-in. */
export async function apiTwoStepToken(
  request: APIRequestContext,
  username: string,
  password: string,
  code: string,
): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { mfa_token } = (await login.json()) as { mfa_token: string };
  const second = await request.post('/api/auth/login/mfa', { data: { mfa_token, code } });
  expect(second.ok(), await second.text()).toBe(true);
  return ((await second.json()) as { token: string }).token;
}

/** Sets who must have a second factor, as an admin holding the token. */
export async function apiSetMfaRequiredFor(request: APIRequestContext, token: string, value: string) {
  const put = await request.put('/api/config/security', {
    headers: bearer(token),
    data: { mfa_required_for: value },
  });
  expect(put.ok(), await put.text()).toBe(true);
}

/** The first admin signs in with a password alone while nothing requires a second factor. */
export async function firstAdminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const answer = (await login.json()) as { token?: string };
  if (!answer.token) throw new Error('The first admin cannot sign in with a password alone');
  return answer.token;
}

export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * The screen as it is now, at both widths: no axe violation and no sideways scroll. Ends at the
 * width it began with. `within` limits axe to what a step opened (a dialog).
 */
export async function checkBothWidths(page: Page, what: string, within?: string) {
  const start = page.viewportSize() ?? WIDTHS[0];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await axeViolations(page, within), `${what} at ${size.width}px`).toEqual([]);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll, `${what} scrolls sideways at ${size.width}px`).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize(start);
}

/** Signs in with the password and stops at the second step (or the forced setup). */
export async function passwordStep(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The account menu's Security page. */
export async function openSecurity(page: Page) {
  await page.getByRole('button', { name: /Welcome,/ }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  const dialog = page.getByRole('dialog', { name: 'Security' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
}
