import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { createUser, uniqueName } from './helpers';
import { IDP_ISSUER, IDP_NAME } from './identity-provider-address';
import { apiTotpOn } from './mfa-helpers';

// Single sign-on (docs/behaviour.md section 20) through the tests' own identity provider
// (e2e/identity-provider.ts, a real OpenID Connect provider on loopback): one click on the
// sign-in screen, the provider's sign-in page, and back signed in, or back refused in words.

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 800 },
  { name: '390 px', width: 390, height: 844 },
] as const;

/** From the sign-in screen's button through the provider's page, signing in there as `email`. */
async function signOnAs(page: Page, email: string) {
  await page.goto('/');
  const button = page.getByRole('link', { name: `Sign in with ${IDP_NAME}` });
  await expect(button).toBeVisible();
  await button.click();
  await page.waitForURL((url) => url.origin === IDP_ISSUER);
  // The provider's development sign-in page: any password is taken.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('the sign-in screen offers the organization, and one click signs in to the Dashboard', async ({
      page,
      request,
    }) => {
      const user = await createUser(request, { role: 'manager' });
      await page.goto('/');
      await expect(page.getByRole('link', { name: `Sign in with ${IDP_NAME}` })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // The provider writes the address as typed; the account is matched without regard to case.
      await signOnAs(page, user.email.toUpperCase());
      await expect(page.getByRole('heading', { name: 'Dashboard Filters' })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard/);
      const me = await page.evaluate(async () => {
        const res = await fetch('/api/auth/verify-token', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return (await res.json()).user.username as string;
      });
      expect(me).toBe(user.username);
      // The one-time ticket is off the address.
      expect(new URL(page.url()).search).not.toContain('sso=');
    });

    test('an e-mail no account has comes back to the sign-in screen with the refusal in words', async ({
      page,
    }) => {
      const email = `${uniqueName('stranger')}@example.test`;
      await signOnAs(page, email);
      await expect(page.getByRole('alert')).toHaveText(
        `No active account for ${email}: ask an administrator`,
      );
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: `Sign in with ${IDP_NAME}` })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test.describe('a callback not as the provider sent it', () => {
  const STATE_INVALID =
    'This single sign-on was not started here, took longer than 10 minutes or was already used: sign in again';

  test('with a tampered state is refused in words', async ({ page, request }) => {
    const user = await createUser(request, { role: 'provider' });
    // The provider's sign-in form is sent, its redirects followed up to the one back to the app,
    // whose state is changed on the way (a browser's own redirects are not seen one by one).
    await page.route(
      (url) => url.origin === IDP_ISSUER && url.pathname.startsWith('/interaction/'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const sent = await route.fetch({ maxRedirects: 0 });
        const resume = new URL(sent.headers().location ?? '', IDP_ISSUER);
        const back = await page.request.get(resume.toString(), { maxRedirects: 0 });
        const url = new URL(back.headers().location ?? '');
        expect(url.pathname).toBe('/api/auth/oidc/callback');
        url.searchParams.set('state', `${url.searchParams.get('state')}tampered`);
        return route.fulfill({ status: 303, headers: { location: url.toString() } });
      },
    );
    await signOnAs(page, user.email);
    await expect(page.getByRole('alert')).toHaveText(STATE_INVALID);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('replayed, with its code and state already used, is refused in words', async ({
    browser,
    request,
  }) => {
    const user = await createUser(request, { role: 'provider' });
    const first = await browser.newPage();
    let callback = '';
    first.on('request', (req) => {
      if (req.url().includes('/api/auth/oidc/callback?')) callback = req.url();
    });
    await signOnAs(first, user.email);
    await expect(first.getByRole('heading', { name: 'Dashboard Filters' })).toBeVisible();
    expect(callback).toContain('code=');
    await first.close();
    // Someone else's browser, given the same address.
    const second = await browser.newPage();
    await second.goto(callback);
    await expect(second.getByRole('alert')).toHaveText(STATE_INVALID);
    expect(await second.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await second.close();
  });
});

test('a user with an authenticator app gives its code after the organization signs them in', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { role: 'manager' });
  const mfa = await apiTotpOn(request, user.username, user.password);
  await signOnAs(page, user.email);
  // OIDC_TRUSTED_MFA is not set: the organization's sign-in is the first factor only.
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: /6-digit code/ }).fill(await mfa.app.code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
});
