import { expect, type Page, test } from '@playwright/test';
import { createUser } from './helpers';
import { apiTotpOn, WIDTHS } from './mfa-helpers';

// The second factor by keyboard alone (docs/screens.md): the two sign-in steps, then the Security
// page from the account menu, its sessions reached by Tab and ended by Enter, closed by Escape.

/** Presses Tab until `target` has the focus; fails after `most` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 40) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const size of WIDTHS) {
  test(`signs in with a code and ends another session by keyboard alone at ${size.width} px`, async ({
    page,
    request,
  }) => {
    const user = await createUser(request, { role: 'manager' });
    // A sign-in elsewhere, before the second factor was on, to end from the Security page.
    const other = await request.post('/api/auth/login', {
      data: { username: user.username, password: user.password },
      headers: {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
    });
    expect(other.ok()).toBe(true);
    const otherToken = ((await other.json()) as { token: string }).token;
    const { app } = await apiTotpOn(request, user.username, user.password);

    await page.setViewportSize(size);
    await page.goto('/');
    const username = page.getByLabel('Username');
    await tabTo(page, username);
    await page.keyboard.type(user.username);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');

    // The second step takes the focus in its code box; Enter sends it.
    const code = page.getByRole('textbox', { name: /6-digit code/ });
    await expect(code).toBeFocused();
    await page.keyboard.type(await app.code());
    await page.keyboard.press('Enter');
    const menu = page.getByRole('button', { name: new RegExp(`Welcome, ${user.username}`) });
    await expect(menu).toBeVisible();

    // The account menu opens on Enter; the arrow keys reach Security.
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    const security = page.getByRole('menuitem', { name: 'Security' });
    await expect(security).toBeVisible();
    for (let i = 0; i < 5 && !(await security.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown');
    await expect(security).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Security' });
    await expect(dialog).toBeVisible();

    // Tab stays in the dialog and reaches the other session's End, then its confirmation.
    const otherSession = dialog.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
    await tabTo(page, otherSession.getByRole('button', { name: 'End session on Firefox on Windows' }));
    await page.keyboard.press('Enter');
    await tabTo(page, otherSession.getByRole('button', { name: 'End session', exact: true }));
    await page.keyboard.press('Enter');
    await expect(otherSession).toBeHidden();
    const ended = await request.get('/api/auth/verify-token', {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(ended.status()).toBe(401);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
