import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { createUser, signIn } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// E-mail reports (docs/screens.md section 2, docs/behaviour.md section 17): the account menu's
// dialog with the two switches. The server runs with SMTP_URL set to the test mail server
// (e2e/smtp-sink.ts), so the switches can be turned on.

const NO_EMAIL = 'Ask an administrator to add an email address to your account';

async function openEmailReports(page: Page, username: string) {
  await page.getByRole('button', { name: new RegExp(`Welcome, ${username}`) }).click();
  await page.getByRole('menuitem', { name: 'E-mail reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail reports' });
  await expect(dialog.getByRole('switch', { name: 'Monthly report' })).toBeVisible();
  return dialog;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an account with an e-mail address turns the monthly report on, and it stays on', async ({
      page,
      request,
    }) => {
      const user = await createUser(request, { role: 'manager' });
      await signIn(page, user.username, user.password);
      let dialog = await openEmailReports(page, user.username);
      await expect(dialog).toContainText(`E-mails go to ${user.email}`);
      await expect(dialog).toContainText('These e-mails carry the figures of the whole group.');
      await expect(dialog.getByRole('button', { name: "Send last month's report now" })).toBeEnabled();
      // The whole dialog is on the screen, phones included.
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);

      const monthly = dialog.getByRole('switch', { name: 'Monthly report' });
      const digest = dialog.getByRole('switch', { name: 'Daily digest' });
      await expect(monthly).not.toBeChecked();
      await expect(monthly).toBeEnabled();
      await monthly.check();
      await expect(dialog.getByRole('status')).toHaveText('Saved: the monthly report is on.');
      await expect(monthly).toBeChecked();
      await expect(digest).not.toBeChecked();
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

      // Escape closes it, as every dialog; opened again it shows what the server holds.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      dialog = await openEmailReports(page, user.username);
      await expect(dialog.getByRole('switch', { name: 'Monthly report' })).toBeChecked();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();

      // And after a reload, read afresh from the server.
      await page.reload();
      await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
      dialog = await openEmailReports(page, user.username);
      await expect(dialog.getByRole('switch', { name: 'Monthly report' })).toBeChecked();
      await expect(dialog.getByRole('switch', { name: 'Daily digest' })).not.toBeChecked();
    });

    test('an account without an e-mail address is told why and cannot turn either on', async ({
      page,
      request,
    }) => {
      const user = await createUser(request, { role: 'provider', email: '', provider_name: 'Dr. Nobody' });
      await signIn(page, user.username, user.password);
      const dialog = await openEmailReports(page, user.username);
      await expect(dialog.getByText(NO_EMAIL)).toBeVisible();
      await expect(dialog).toContainText('These e-mails carry your own figures only.');
      await expect(dialog).not.toContainText('E-mails go to');
      await expect(dialog.getByRole('button', { name: "Send last month's report now" })).toHaveCount(0);
      for (const name of ['Monthly report', 'Daily digest']) {
        const toggle = dialog.getByRole('switch', { name });
        await expect(toggle).toBeDisabled();
        await expect(toggle).not.toBeChecked();
        await expect(toggle).toHaveAccessibleDescription(new RegExp(NO_EMAIL));
      }
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      // A click on the label does nothing either (forced: Playwright itself waits for a disabled
      // control's label to become clickable).
      await dialog.getByText('Monthly report', { exact: true }).click({ force: true });
      await expect(dialog.getByRole('switch', { name: 'Monthly report' })).not.toBeChecked();
      await expect(dialog.getByRole('status')).toHaveCount(0);
    });
  });
}
