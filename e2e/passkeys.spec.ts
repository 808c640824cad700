import { expect, test } from '@playwright/test';
import { createUser } from './helpers';
import { checkBothWidths, openSecurity, passwordStep, signOut } from './mfa-helpers';
import { E2E_PORT } from './smtp-sink-address';

// The relying party is APP_URL's host; the tests' server leaves APP_URL unset, so it is
// http://localhost:PORT, and WebAuthn takes a domain name, not an IP address.
const APP = `http://localhost:${E2E_PORT}`;

test('a passkey added on the Security page signs in in place of a code, and is renamed and removed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(request, { role: 'manager' });
  // Chromium's own virtual authenticator: a real key pair and real signatures, nothing mocked.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.goto(`${APP}/`);
  await passwordStep(page, user.username, user.password);
  await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
  let security = await openSecurity(page);
  await expect(security.getByText('No passkeys yet.')).toBeVisible();
  await checkBothWidths(page, 'the Security page', '[role="dialog"]');
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  await security.getByRole('textbox', { name: 'Name of the passkey' }).fill('Front desk PC');
  await security.getByRole('button', { name: 'Create passkey' }).click();
  const added = security.getByRole('listitem', { name: 'Passkey Front desk PC' });
  await expect(added).toContainText('Last used never');
  await checkBothWidths(page, 'the Security page with a passkey', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(security).toBeHidden();
  await signOut(page);

  // The second step offers the passkey: the virtual authenticator answers the server's challenge.
  await passwordStep(page, user.username, user.password);
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await checkBothWidths(page, 'the second step with a passkey');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();

  security = await openSecurity(page);
  const used = security.getByRole('listitem', { name: 'Passkey Front desk PC' });
  await expect(used).not.toContainText('Last used never');
  await used.getByRole('button', { name: 'Rename Front desk PC' }).click();
  await used.getByRole('textbox', { name: 'New name' }).fill('Reception');
  await used.getByRole('button', { name: 'Save' }).click();
  const renamed = security.getByRole('listitem', { name: 'Passkey Reception' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Remove Reception' }).click();
  await renamed.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(security.getByText('No passkeys yet.')).toBeVisible();

  // Without a second factor the password alone signs in again.
  await page.keyboard.press('Escape');
  await signOut(page);
  await passwordStep(page, user.username, user.password);
  await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
});
