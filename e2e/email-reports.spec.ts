import { expect, type Page, test } from '@playwright/test';
import type { ScoresheetRow } from '../common/api/config';
import { pdfText } from '../server/test/pdf-text';
import { axeViolations } from './axe';
import { ADMIN, apiToken, createUser, loadSamples, signIn } from './helpers';
import { VIEWPORTS } from './layout-helpers';
import { waitForMailTo } from './mailbox';

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

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

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

    test('a manager sends last month’s report now, and the PDF arrives, readable, naming no patient', async ({
      page,
      request,
    }) => {
      const user = await createUser(request, { role: 'manager' });
      await signIn(page, user.username, user.password);
      const dialog = await openEmailReports(page, user.username);
      await dialog.getByRole('button', { name: "Send last month's report now" }).click();
      await expect(dialog.getByText(`Sent to ${user.email}`)).toBeVisible();

      const mail = await waitForMailTo(user.email);
      expect(mail.subject).toMatch(/^Full Arch Tracker: report for [A-Z][a-z]+ \d{4}$/);
      expect(mail.attachments).toHaveLength(1);
      const [pdf] = mail.attachments;
      expect(pdf.contentType).toBe('application/pdf');
      const text = pdfText(pdf.content);
      expect(text).toContain('Consults YTD');
      // No patient of the practice is named, in the message or in the report.
      const admin = await apiToken(request, ADMIN.username, ADMIN.password);
      const sheet = await request.get('/api/scoresheet', { headers: { Authorization: `Bearer ${admin}` } });
      const names = ((await sheet.json()) as { scoresheet: ScoresheetRow[] }).scoresheet.map(
        (r) => r.patient_name,
      );
      expect(names.length).toBeGreaterThan(100);
      const written = `${mail.subject}\n${mail.text}\n${mail.html || ''}\n${text}`;
      expect(names.filter((name) => written.includes(name))).toEqual([]);
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
