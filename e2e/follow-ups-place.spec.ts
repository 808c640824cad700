import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { WorklistResponse } from '../common/api/worklist';
import { apiGet } from './dashboard-helpers';
import { openFilters } from './follow-ups-helpers';
import { createUser, loadSamples, pageToken, signIn } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// Follow-ups keeps the user's place (docs/screens.md, Follow-ups): the list scrolls with the page,
// shows no Next Appointment where none can be, and a trip from a row to its case and Patient
// Lookup and back leaves that row where it was on screen, with the focus on its name.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const worklist = async (request: APIRequestContext, page: Page) =>
  apiGet<WorklistResponse>(request, await pageToken(page), '/api/worklist');

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The list's rows (or, on a phone, cards). */
const rows = (page: Page): Locator =>
  isPhone(page)
    ? page.getByRole('list', { name: 'Stalled Cases' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Stalled Cases' }).locator('tbody tr');

const nameButton = (page: Page, name: string) =>
  rows(page)
    .filter({ has: page.getByRole('button', { name, exact: true }) })
    .getByRole('button', { name, exact: true });

/** The boxes between the list and the page that scroll up and down within themselves. */
const innerScrollers = (list: Locator) =>
  list.evaluate((element) => {
    const found: string[] = [];
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight + 1)
        found.push(`${node.tagName} ${node.className} ${node.clientHeight}px`);
    }
    return found;
  });

const topOf = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('the list scrolls with the page, and shows Next Appointment only when a patient can have one', async ({
      page,
      request,
    }) => {
      const coordinator = await createUser(request, { role: 'manager' });
      await signIn(page, coordinator.username, coordinator.password);
      await openTab(page, 'Follow-ups');
      const answer = await worklist(request, page);
      await expect(rows(page)).toHaveCount(answer.patients.length);
      const list = isPhone(page)
        ? page.getByRole('list', { name: 'Stalled Cases' })
        : page.getByRole('table', { name: 'Stalled Cases' });
      // Taller than the window, and nothing but the page scrolls it.
      expect((await list.boundingBox())?.height).toBeGreaterThan(viewport.height);
      expect(await innerScrollers(list)).toEqual([]);

      // Patients with an appointment are left out: no row can have one, so it is not shown.
      const nextAppointment = isPhone(page)
        ? list.getByText(/^Next appointment:/)
        : list.getByRole('columnheader', { name: 'Next Appointment' });
      await expect(nextAppointment).toHaveCount(0);
      await openFilters(page);
      await page.getByRole('switch', { name: 'Include patients with an appointment' }).check();
      await expect(page).toHaveURL(/scheduled=1/);
      await expect(nextAppointment.first()).toBeVisible();
    });

    test('a row opened, taken to Patient Lookup and back is where it was, with the focus on its name', async ({
      page,
      request,
    }) => {
      const coordinator = await createUser(request, { role: 'manager' });
      await signIn(page, coordinator.username, coordinator.password);
      await openTab(page, 'Follow-ups');
      const answer = await worklist(request, page);
      // Well down the list, so the page has scrolled to reach it.
      const patient = answer.patients[15];
      if (!patient) throw new Error('The sample data has too few stalled cases');
      const name = patient.patient_name;
      const button = nameButton(page, name);
      await button.scrollIntoViewIfNeeded();
      // Half-way down the window, as a user would have it.
      await page.mouse.wheel(0, (await topOf(button)) - viewport.height / 2);
      await expect.poll(() => topOf(button)).toBeLessThan(viewport.height * 0.6);
      const where = await topOf(button);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      await button.click();
      const panel = isPhone(page)
        ? page.getByRole('dialog', { name: `Case: ${name}` })
        : page.getByRole('region', { name: `Case: ${name}` });
      await expect(panel.getByRole('button', { name: 'Call' })).toBeVisible();
      // The case opening beside the list leaves the row where it was.
      if (!isPhone(page))
        await expect.poll(async () => Math.abs((await topOf(button)) - where)).toBeLessThan(3);

      await panel.getByRole('button', { name: 'Open in Patient Lookup' }).click();
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(name);
      await page.goBack();
      await expect(panel.getByRole('button', { name: 'Call' })).toBeVisible();
      if (isPhone(page)) await page.keyboard.press('Escape');
      else await panel.getByRole('button', { name: 'Close the case' }).click();
      await expect(panel).toHaveCount(0);

      await expect(button).toBeFocused();
      await expect.poll(async () => Math.abs((await topOf(button)) - where)).toBeLessThan(3);
    });

    test('a reload (a pull to refresh on a phone) leaves the row of the last case where it was', async ({
      page,
      request,
    }) => {
      const coordinator = await createUser(request, { role: 'manager' });
      await signIn(page, coordinator.username, coordinator.password);
      await openTab(page, 'Follow-ups');
      const answer = await worklist(request, page);
      const patient = answer.patients[15];
      if (!patient) throw new Error('The sample data has too few stalled cases');
      const name = patient.patient_name;
      const button = nameButton(page, name);
      await button.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, (await topOf(button)) - viewport.height / 2);
      await expect.poll(() => topOf(button)).toBeLessThan(viewport.height * 0.6);

      await button.click();
      const panel = isPhone(page)
        ? page.getByRole('dialog', { name: `Case: ${name}` })
        : page.getByRole('region', { name: `Case: ${name}` });
      await expect(panel.getByRole('button', { name: 'Call', exact: true })).toBeVisible();
      if (isPhone(page)) await page.keyboard.press('Escape');
      else await panel.getByRole('button', { name: 'Close the case' }).click();
      await expect(panel).toHaveCount(0);
      await expect(button).toBeFocused();
      const where = await topOf(button);

      await page.reload();
      await expect(rows(page)).toHaveCount(answer.patients.length);
      await expect(button).toBeFocused();
      await expect.poll(async () => Math.abs((await topOf(button)) - where)).toBeLessThan(3);
    });
  });
}
