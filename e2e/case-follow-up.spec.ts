import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { WorklistResponse } from '../common/api/worklist';
import { axeViolations } from './axe';
import { apiGet } from './dashboard-helpers';
import { openFilters } from './follow-ups-helpers';
import { createUser, loadSamples, pageToken, signIn } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// Case follow-up (docs/behaviour.md section 15) against the real server and the sample data:
// what the practice records about a case changes the list at once. Each test works on whichever
// patient the API lists first at the time, so a run never depends on an earlier one.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const worklist = async (request: APIRequestContext, page: Page, query = '') =>
  apiGet<WorklistResponse>(request, await pageToken(page), `/api/worklist${query}`);

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The list's row (or, on a phone, card) of one patient. */
function row(page: Page, name: string): Locator {
  const items = isPhone(page)
    ? page.getByRole('list', { name: 'Stalled Cases' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Stalled Cases' }).locator('tbody tr');
  return items.filter({ has: page.getByRole('button', { name, exact: true }) });
}

/**
 * Opens the patient's case from their row (a click, or Enter on the name): beside the list, or a
 * drawer on a phone.
 */
async function openCase(page: Page, name: string, by: 'click' | 'keyboard' = 'click'): Promise<Locator> {
  const button = row(page, name).getByRole('button', { name, exact: true });
  if (by === 'click') await button.click();
  else {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  const panel = isPhone(page)
    ? page.getByRole('dialog', { name: `Case: ${name}` })
    : page.getByRole('region', { name: `Case: ${name}` });
  await expect(panel.getByRole('button', { name: 'Call' })).toBeVisible();
  return panel;
}

async function closeCasePanel(page: Page, panel: Locator) {
  if (isPhone(page)) await page.keyboard.press('Escape');
  else await panel.getByRole('button', { name: 'Close the case' }).click();
  await expect(panel).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('a call with a follow-up next week snoozes the longest-waiting patient until Include snoozed', async ({
      page,
      request,
    }) => {
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await openTab(page, 'Follow-ups');
      const first = (await worklist(request, page)).patients[0];
      if (!first) throw new Error('The sample data has no stalled case today');
      const name = first.patient_name;
      await expect(row(page, name)).toHaveCount(1);

      const panel = await openCase(page, name);
      expect(await axeViolations(page)).toEqual([]);
      await panel.getByRole('button', { name: 'Call' }).click();
      await panel.getByRole('button', { name: 'No answer' }).click();
      await panel.getByRole('button', { name: '1 week' }).click();
      await expect(panel.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toContainText(
        'Call: No answer',
      );
      await expect(panel.getByText('Attempts')).toBeVisible();

      // Snoozed: out of the due list at once, back with 'Include snoozed'.
      await expect(row(page, name)).toHaveCount(0);
      await closeCasePanel(page, panel);
      await openFilters(page);
      await page.getByRole('switch', { name: 'Include snoozed' }).check();
      await expect(page).toHaveURL(/snoozed=1/);
      await expect(row(page, name)).toHaveCount(1);
      // The row says how the last contact went; the whole of it, kind and date, on hover.
      await expect(row(page, name)).toContainText('No answer');
    });

    test('a manager assigns a case to a coordinator, who finds it under Me', async ({
      browser,
      page,
      request,
    }) => {
      const manager = await createUser(request, { role: 'manager' });
      const coordinator = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await openTab(page, 'Follow-ups');
      const first = (await worklist(request, page)).patients[0];
      if (!first) throw new Error('The sample data has no stalled case today');
      const name = first.patient_name;

      const panel = await openCase(page, name, 'keyboard');
      await panel.getByRole('combobox', { name: 'Assigned to' }).click();
      await page.getByRole('option', { name: coordinator.username, exact: true }).click();
      await expect(panel.getByText(`Assigned to ${coordinator.username}`)).toBeVisible();
      await expect(row(page, name)).toContainText(coordinator.username);
      // Closing the case gives the focus back to the name that opened it.
      await closeCasePanel(page, panel);
      await expect(row(page, name).getByRole('button', { name, exact: true })).toBeFocused();

      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const theirs = await context.newPage();
      try {
        await signIn(theirs, coordinator.username, coordinator.password);
        await openTab(theirs, 'Follow-ups');
        await openFilters(theirs);
        await theirs.getByRole('combobox', { name: 'Assigned to' }).click();
        await theirs.getByRole('option', { name: 'Me', exact: true }).click();
        await expect(theirs).toHaveURL(/assigned=me/);
        await expect(row(theirs, name)).toHaveCount(1);
        const mine = await worklist(request, theirs, '?assigned_to=me');
        await expect(
          theirs.getByText(mine.total === 1 ? '1 patient' : `${mine.total} patients`),
        ).toBeVisible();
      } finally {
        await context.close();
      }
    });

    test('a closed case leaves the list and shows in Team activity with its reason', async ({
      page,
      request,
    }) => {
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await openTab(page, 'Follow-ups');
      const first = (await worklist(request, page)).patients[0];
      if (!first) throw new Error('The sample data has no stalled case today');
      const name = first.patient_name;

      const panel = await openCase(page, name);
      await panel.getByRole('button', { name: 'Close case' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close the case' });
      await dialog.getByRole('combobox', { name: 'Reason' }).click();
      await page.getByRole('option', { name: 'Health', exact: true }).click();
      await dialog.getByRole('button', { name: 'Close case' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(panel.getByRole('button', { name: 'Reopen case' })).toBeVisible();
      await expect(row(page, name)).toHaveCount(0);
      await closeCasePanel(page, panel);

      const team = page.getByRole('region', { name: 'Team activity' });
      const mine = team.getByRole('row').filter({ hasText: manager.username });
      // User, contacts, reached, scheduled, notes, financing, closed.
      await expect(mine.getByRole('cell')).toHaveText([manager.username, '0', '0', '0', '0', '0', '1']);
      await expect(team.getByText(/Close reasons:.*Health [1-9]/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
