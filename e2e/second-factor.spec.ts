import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createUser } from './helpers';
import { openTab } from './layout-helpers';
import {
  Authenticator,
  apiSetMfaRequiredFor,
  apiTotpOn,
  apiTwoStepToken,
  checkBothWidths,
  passwordStep,
  signOut,
  WIDTHS,
} from './mfa-helpers';

// The whole story of docs/behaviour.md section 20's required second factor, as people do it.
test('an admin requires a second factor of managers and admins; a manager sets one up, then signs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser(request, { role: 'admin' });
  const manager = await createUser(request, { role: 'manager' });
  // The admin has an authenticator app already, so the setting about to cover them locks no one out.
  const adminMfa = await apiTotpOn(request, admin.username, admin.password);
  try {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto('/');
    await passwordStep(page, admin.username, admin.password);
    await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
    await checkBothWidths(page, 'the second step');
    await page.getByRole('textbox', { name: /6-digit code/ }).fill(await adminMfa.app.code());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(`Welcome, ${admin.username}`)).toBeVisible();

    await openTab(page, 'User Management');
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row').filter({ hasText: admin.username })).toContainText('On');
    await expect(users.getByRole('row').filter({ hasText: manager.username })).toContainText('Off');
    const security = page.getByRole('region', { name: 'Security' });
    await security.getByRole('radio', { name: 'Managers and admins' }).check();
    await expect(security.getByRole('status')).toHaveText(
      'Saved: a second factor is required for managers and admins.',
    );
    await checkBothWidths(page, 'User Management');
    await signOut(page);

    // The manager has no second factor: after the password, the setup and nothing else.
    await passwordStep(page, manager.username, manager.password);
    await expect(page.getByText('Your organization requires a second factor')).toBeVisible();
    await checkBothWidths(page, 'the forced setup');
    await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
    await expect(page.getByRole('img', { name: /QR code to scan/ })).toBeVisible();
    const shown = await page.getByTestId('totp-secret').textContent();
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const app = new Authenticator(shown ?? '');
    await checkBothWidths(page, 'the forced setup with its QR code');

    const code = page.getByRole('textbox', { name: /6-digit code/ });
    await code.fill(app.wrongCode());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Wrong code')).toBeVisible();
    await code.fill(await app.code());
    await page.getByRole('button', { name: 'Confirm' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    await checkBothWidths(page, 'the recovery codes');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download (.txt)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`full-arch-tracker-recovery-codes-${manager.username}.txt`);
    const file = readFileSync(await download.path(), 'utf8');
    for (const one of recovery) expect(file).toContain(one);
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await expect(page.getByText(`Welcome, ${manager.username}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();
    await signOut(page);

    // Next time: the password, then a code. A wrong one is said under the box, which stays for another try.
    await passwordStep(page, manager.username, manager.password);
    const signInCode = page.getByRole('textbox', { name: /6-digit code/ });
    await signInCode.fill(app.wrongCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong code');
    await expect(signInCode).toBeVisible();
    await signInCode.fill(await app.code());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(`Welcome, ${manager.username}`)).toBeVisible();
    await signOut(page);

    // Or a recovery code, good once.
    await passwordStep(page, manager.username, manager.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(`Welcome, ${manager.username}`)).toBeVisible();
    await signOut(page);
    await passwordStep(page, manager.username, manager.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong code');
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  } finally {
    // The other specs sign in with a password alone: the setting goes back to none.
    const token = await apiTwoStepToken(request, admin.username, admin.password, adminMfa.recoveryCodes[0]);
    await apiSetMfaRequiredFor(request, token, 'none');
  }
});

test('an admin turns off a user’s second factor from User Management', async ({ page, request }) => {
  const admin = await createUser(request, { role: 'admin' });
  const provider = await createUser(request, { role: 'provider' });
  await apiTotpOn(request, provider.username, provider.password);
  const adminMfa = await apiTotpOn(request, admin.username, admin.password);
  await page.goto('/');
  await passwordStep(page, admin.username, admin.password);
  await page.getByRole('textbox', { name: /6-digit code/ }).fill(await adminMfa.app.code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await openTab(page, 'User Management');
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: provider.username });
  await expect(row).toContainText('On');
  await row.getByRole('button', { name: `Turn off second factor for ${provider.username}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Turn off second factor' });
  await checkBothWidths(page, 'the turn-off confirmation', '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Turn off' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Off');
  await expect(row.getByRole('button', { name: /Turn off second factor/ })).toHaveCount(0);
  // The provider signs in with the password alone again.
  const login = await request.post('/api/auth/login', {
    data: { username: provider.username, password: provider.password },
  });
  expect(((await login.json()) as { token?: string }).token).toBeTruthy();
});
