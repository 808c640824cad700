import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, pageToken, signIn } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// The automatic logoff (docs/behaviour.md section 14) with the server's default of 30 minutes:
// the browser's clock (one for the whole browser context, both tabs) is moved on instead of waiting. Two tabs of one browser share one clock of
// activity: a warning answered in one is answered in both, and both sign out together.

const WARNING = /You will be signed out in \d+ seconds/;

async function openTab(page: Page) {
  await page.clock.install();
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Dashboard Filters' })).toBeVisible();
}

for (const { name, width } of VIEWPORTS) {
  test(`on a ${name}: warns for the last minute in every tab, Stay signed in keeps both, then signs out with the reason`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const first = await context.newPage();
    await openTab(first);
    const token = await pageToken(first);
    const second = await context.newPage();
    await second.clock.install();
    await second.goto('/dashboard');
    await expect(second.getByRole('heading', { name: 'Dashboard Filters' })).toBeVisible();

    // 29 minutes without a key press, click or scroll: the last minute's warning, in both tabs.
    await first.clock.fastForward('29:01');
    for (const page of [first, second]) {
      // A tab in the background checks its clock less often, as browsers slow hidden tabs' timers.
      await page.bringToFront();
      const dialog = page.getByRole('dialog', { name: 'Still there?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(WARNING)).toBeVisible();
    }
    expect(await axeViolations(first)).toEqual([]);

    // Answered in one tab: the other's warning goes too.
    await second.getByRole('button', { name: 'Stay signed in' }).click();
    await first.clock.fastForward('00:02');
    for (const page of [first, second]) {
      await page.bringToFront();
      await expect(page.getByRole('dialog', { name: 'Still there?' })).toBeHidden();
    }

    // Another 30 minutes of nothing: both tabs sign out and say why.
    await first.clock.fastForward('30:02');
    for (const page of [first, second]) {
      await page.bringToFront();
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      await expect(page.getByText('You were signed out after 30 minutes without activity.')).toBeVisible();
    }
    // The session is over on the server's side of the browser too: a reload stays signed out.
    await first.reload();
    await expect(first.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    // And on the server: the token is refused (only the pages' clocks moved on; the signing-out
    // tab told the server).
    await expect
      .poll(async () =>
        (
          await request.get('/api/auth/verify-token', { headers: { Authorization: `Bearer ${token}` } })
        ).status(),
      )
      .toBe(401);
    await context.close();
  });
}
