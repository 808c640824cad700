import { expect, type Locator, type Page, test } from '@playwright/test';
import { localDay } from '../common/calendar-day';
import { openFilters } from './follow-ups-helpers';
import { ADMIN, apiToken, createUser, signIn, uniqueName } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// New leads (docs/behaviour.md section 19) against the real server: yesterday's inquiries are on
// Follow-ups under New leads with their source and phone, a call takes one off the due list, and
// Patient Lookup shows a person known only from leads with their source and leads.

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

function row(page: Page, name: string): Locator {
  const items = isPhone(page)
    ? page.getByRole('list', { name: 'Stalled Cases' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Stalled Cases' }).locator('tbody tr');
  return items.filter({ has: page.getByRole('button', { name, exact: true }) });
}

const dayBefore = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00`);
  d.setDate(d.getDate() - days);
  return localDay(d);
};

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test("a coordinator calls yesterday's lead, and looks up a lead's source and leads", async ({
      page,
      request,
    }) => {
      // Names of letters only: the import's names are people's names.
      const last = uniqueName('Lead').replace(/[^A-Za-z]/g, '');
      const name = `Lena ${last}`;
      const phone = '(555) 013-4477';
      const today = localDay(new Date());
      const leads = [
        'Lead Name,Lead Date,Source,Phone,Location',
        `${name},${dayBefore(today, 12)},Spring Mailer,,`,
        `${name},${dayBefore(today, 1)},Web Form,${phone},Main Street`,
      ].join('\n');
      const token = await apiToken(request, ADMIN.username, ADMIN.password);
      const imported = await request.post('/api/import/leads', {
        headers: { Authorization: `Bearer ${token}` },
        multipart: { file: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(leads) } },
      });
      expect(imported.status(), await imported.text()).toBe(200);

      const coordinator = await createUser(request, { role: 'coordinator' });
      await signIn(page, coordinator.username, coordinator.password);
      await openTab(page, 'Follow-ups');
      // A coordinator starts on her own cases; a new lead is nobody's yet.
      await openFilters(page);
      await page.getByRole('combobox', { name: 'Assigned to' }).click();
      await page.getByRole('option', { name: 'Everyone', exact: true }).click();
      await expect(page).toHaveURL(/assigned=everyone/);
      if (isPhone(page)) await page.getByRole('button', { name: /^Filters\b/ }).click();
      await page.getByRole('button', { name: /^New leads:/ }).click();
      await expect(page.getByRole('button', { name: /^New leads:/ })).toHaveAttribute('aria-pressed', 'true');

      const lead = row(page, name);
      await expect(lead).toHaveCount(1);
      // The source is the first touch; the phone the lead's.
      await expect(lead).toContainText('Spring Mailer');
      await expect(lead.getByRole('link', { name: phone })).toBeVisible();
      await expect(lead).toContainText('New leads');

      await lead.getByRole('button', { name, exact: true }).click();
      const panel = isPhone(page)
        ? page.getByRole('dialog', { name: `Case: ${name}` })
        : page.getByRole('region', { name: `Case: ${name}` });
      await expect(panel.getByText('Source: Spring Mailer')).toBeVisible();
      await expect(panel.getByRole('list', { name: 'Leads (2)' }).getByRole('listitem')).toHaveCount(2);
      await panel.getByRole('button', { name: 'Call' }).click();
      await panel.getByRole('button', { name: 'No answer' }).click();
      await panel.getByRole('button', { name: '1 week' }).click();
      await expect(panel.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toContainText(
        'Call: No answer',
      );
      // A follow-up next week: off the due list at once.
      await expect(row(page, name)).toHaveCount(0);
      if (isPhone(page)) await page.keyboard.press('Escape');
      else await panel.getByRole('button', { name: 'Close the case' }).click();

      await openTab(page, 'Patient Lookup');
      await page.getByRole('combobox', { name: 'Search patients' }).fill(last);
      await page.getByRole('option', { name }).click();
      const overview = page.getByRole('region', { name: 'Patient Overview' });
      await expect(overview.getByText(name)).toBeVisible();
      await expect(overview.locator('dt', { hasText: 'Source' }).locator('+ dd')).toHaveText('Spring Mailer');
      const history = page.getByRole('region', { name: 'Leads' });
      await expect(history.locator('tbody tr')).toHaveCount(2);
      await expect(history.locator('tbody tr').first()).toContainText('Web Form');
      await expect(history.locator('tbody tr').first()).toContainText('Main Street');
      await expect(history.locator('tbody tr').last()).toContainText('Spring Mailer');
    });
  });
}
