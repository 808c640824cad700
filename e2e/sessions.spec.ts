import { expect, test } from '@playwright/test';
import { createUser, signIn } from './helpers';
import { checkBothWidths, openSecurity } from './mfa-helpers';

test('a user ends a forgotten session from the Security page and that browser is signed out at its next call', async ({
  browser,
  page,
  request,
}) => {
  const user = await createUser(request, { role: 'coordinator' });
  const elsewhere = await browser.newContext();
  try {
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, user.username, user.password);
    await signIn(page, user.username, user.password);

    const security = await openSecurity(page);
    const sessions = security.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This session' })).toHaveCount(1);
    await expect(sessions.first()).toContainText('Chrome on Windows'); // Playwright's Desktop Chrome says Windows
    await expect(sessions.first()).toContainText('Address: 127.0.0.1');
    await checkBothWidths(page, 'the active sessions', '[role="dialog"]');

    // Named by the browser alone; this one's name adds ', this session'.
    const forgotten = security.getByRole('listitem', { name: 'Chrome on Windows', exact: true });
    await forgotten.getByRole('button', { name: 'End session on Chrome on Windows' }).click();
    await forgotten.getByRole('button', { name: 'End session', exact: true }).click();
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('This session');

    // The other browser's next call is refused, and it is back at the sign-in.
    await openSecurity(otherPage).catch(() => undefined);
    await expect(otherPage.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

    // Ending this one signs out here.
    await sessions.first().getByRole('button', { name: 'End this session' }).click();
    await sessions.first().getByRole('button', { name: 'End session', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByText('You ended this session from the Security page.')).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
