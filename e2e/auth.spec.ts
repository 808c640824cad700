import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, createUser, pageToken, signIn } from './helpers';
import { overlap, VIEWPORTS } from './layout-helpers';
import { waitForMailTo } from './mailbox';

test('signs in, stays signed in across a reload, and signs out, ending the token on the server', async ({
  page,
  request,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Full Arch Tracker' })).toBeVisible();
  await expect(page.getByText('Full Arch Treatment Tracker Dashboard')).toBeVisible();
  await expect(page.getByText('(admin)')).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Welcome, ${ADMIN.username}`)).toBeVisible();

  const token = await pageToken(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Whoever copied the token can do nothing with it (the sign-out call is not waited for).
  await expect
    .poll(async () =>
      (
        await request.get('/api/auth/verify-token', { headers: { Authorization: `Bearer ${token}` } })
      ).status(),
    )
    .toBe(401);
});

test('a wrong password shows the server message', async ({ page, request }) => {
  // A user of its own: failed sign-ins count towards a lockout of that username.
  const user = await createUser(request);
  await page.goto('/');
  await page.getByLabel('Username').fill(user.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
});

test('resets a forgotten password with the emailed token', async ({ page, request }) => {
  // Not the admin: changing the admin's password would end the other tests' sessions.
  const user = await createUser(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(user.email);
  const answer = page.waitForResponse('**/api/auth/request-password-reset');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const { token, message } = (await (await answer).json()) as { token: string; message: string };
  expect(token).toBeTruthy();
  await expect(page.getByRole('status')).toContainText(message);
  await expect(page.getByTestId('reset-token')).toHaveText(token);
  // The same token is mailed, as a link, through the test mail server (e2e/smtp-sink.ts).
  const mail = await waitForMailTo(user.email);
  expect(mail.subject).toBe('Reset your Full Arch Tracker password');
  expect(mail.text).toContain(`/?token=${encodeURIComponent(token)}`);

  await page.goto(`/?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('brand-new-pass');
  await page.getByLabel('Confirm Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');

  // Back to sign-in after 2 seconds, with the used token gone from the address.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible({ timeout: 5_000 });
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  await page.getByLabel('Username').fill(user.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();

  // The token is single-use.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(`/?token=${encodeURIComponent(token)}`);
  await page.getByLabel('New Password').fill('another-pass');
  await page.getByLabel('Confirm Password').fill('another-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});

test('an empty reset token shows the invalid-link screen', async ({ page }) => {
  await page.goto('/?token=');
  await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});

for (const viewport of VIEWPORTS) {
  test(`changes the password from the header menu and signs in with it (${viewport.name})`, async ({
    page,
    request,
  }) => {
    // Not the admin: changing the admin's password would end the other tests' sessions.
    const user = await createUser(request);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, user.username, user.password);

    await page.getByRole('button', { name: `Welcome, ${user.username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    expect(await axeViolations(page, '[role="menu"]')).toEqual([]);
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const current = dialog.getByLabel('Current Password');
    await current.fill('not-the-password');
    await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill('changed-pass-1');
    await dialog.getByLabel('Confirm New Password').fill('changed-pass-1');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    // The server's refusal, under the box it is about; the session goes on.
    await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    await current.fill(user.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog).toBeHidden();
    // Still signed in, with the new token, and the confirmation never covers Logout.
    const toast = page.getByRole('alert').filter({ hasText: 'Your password has been changed' });
    await expect(toast).toBeVisible();
    const logout = page.getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    expect(await overlap(toast, logout)).toBe(false);
    await page.reload();
    await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();

    await logout.click();
    await page.getByLabel('Username').fill(user.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('changed-pass-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
  });
}
