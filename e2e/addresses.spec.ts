import { expect, type Page, test } from '@playwright/test';
import { STAGE_NAMES } from '../common/api/worklist';
import { choose } from './dashboard-helpers';
import { openFilters } from './follow-ups-helpers';
import { ADMIN, createUser, loadSamples, openTab, signIn } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// Views are addressable (docs/screens.md section 10): the tab and its filters live in the page's
// address, so a reload, Back and Forward, a bookmark and a shared link show the same view, and a
// tab's filters are still there when the user comes back to it.

const SAMPLE_PROVIDER = 'Dr. Sarah Chen';

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const select = (page: Page, label: string) => page.getByRole('combobox', { name: label });

for (const { name, width } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('reload, Back, Forward and a shared link return to the same Dashboard', async ({
      page,
      browser,
    }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      const lastYear = String(new Date().getFullYear() - 1);
      await choose(page, 'Year', lastYear);
      await choose(page, 'Provider', SAMPLE_PROVIDER);
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?year=${lastYear}&provider=Dr\\.\\+Sarah\\+Chen`));

      await page.reload();
      await expect(select(page, 'Provider')).toHaveValue(SAMPLE_PROVIDER);
      await expect(select(page, 'Year')).toHaveValue(lastYear);

      await page.goBack();
      await expect(select(page, 'Provider')).toHaveValue('All Providers');
      await expect(select(page, 'Year')).toHaveValue(lastYear);
      await page.goForward();
      await expect(select(page, 'Provider')).toHaveValue(SAMPLE_PROVIDER);

      // A colleague opens the link: after signing in they see the same view.
      const link = page.url();
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const other = await context.newPage();
      await other.goto(link);
      await other.getByLabel('Username').fill(ADMIN.username);
      await other.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
      await other.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(select(other, 'Provider')).toHaveValue(SAMPLE_PROVIDER);
      await expect(select(other, 'Year')).toHaveValue(lastYear);
      await context.close();
    });

    test("each tab's filters survive leaving it and coming back", async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await choose(page, 'Provider', SAMPLE_PROVIDER);
      await openTab(page, 'Follow-ups');
      const undecided = page
        .getByRole('group', { name: 'Stages' })
        .getByRole('button', { name: `${STAGE_NAMES.undecided}:` });
      await undecided.click();
      await expect(undecided).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/\/follow-ups\?stage=undecided$/);

      await openTab(page, 'Dashboard');
      await expect(select(page, 'Provider')).toHaveValue(SAMPLE_PROVIDER);
      await openTab(page, 'Follow-ups');
      await expect(undecided).toHaveAttribute('aria-pressed', 'true');

      // Back steps through the tabs as the user went.
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard\?/);
      await expect(select(page, 'Provider')).toHaveValue(SAMPLE_PROVIDER);
    });

    test('a provider account lands on its own provider', async ({ page, request }) => {
      const provider = await createUser(request, { role: 'provider', provider_name: SAMPLE_PROVIDER });
      await signIn(page, provider.username, provider.password);
      await expect(select(page, 'Provider')).toHaveValue(SAMPLE_PROVIDER);
      await openTab(page, 'Follow-ups');
      await openFilters(page);
      await expect(select(page, 'Provider')).toHaveValue(SAMPLE_PROVIDER);
      // Choosing every provider is kept as such, not taken back to their own.
      await page.getByRole('combobox', { name: 'Provider' }).click();
      await page.getByRole('option', { name: 'All Providers', exact: true }).click();
      await page.reload();
      await openFilters(page);
      await expect(select(page, 'Provider')).toHaveValue('All Providers');
    });
  });
}
