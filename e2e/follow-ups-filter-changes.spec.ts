import { expect, test } from '@playwright/test';
import type { ProvidersResponse } from '../common/api/dashboard';
import { apiGet, choose } from './dashboard-helpers';
import { openFilters } from './follow-ups-helpers';
import { ADMIN, loadSamples, pageToken, signIn } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// Follow-ups' filters never change behind the user's back (docs/screens.md, Follow-ups filters),
// as on the Dashboard: a provider who has no patients at the location chosen goes back to All
// Providers with a line under the filters saying why, gone with Back or the user's next choice.

// In the sample data Dr. Sarah Chen works at Main Street only.
const PROVIDER = 'Dr. Sarah Chen';
const OFFICE = 'Lakeside';
const NOTE = `Provider set to All Providers: ${PROVIDER} has no patients at ${OFFICE}`;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a provider not at the location chosen goes back to All Providers, and the line says why', async ({
      page,
      request,
    }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'Follow-ups');
      await expect(page.getByRole('heading', { name: 'Worklist Filters' })).toHaveCount(1);
      await openFilters(page);
      const { providers } = await apiGet<ProvidersResponse>(
        request,
        await pageToken(page),
        `/api/dashboard/providers?location=${OFFICE}`,
      );
      expect(providers).not.toContain(PROVIDER);

      const provider = page.getByRole('combobox', { name: 'Provider' });
      const location = page.getByRole('combobox', { name: 'Location' });
      const note = page.getByRole('status').filter({ hasText: 'Provider set to All Providers' });
      await choose(page, 'Provider', PROVIDER);
      await expect(note).toHaveCount(0);
      await choose(page, 'Location', OFFICE);
      await expect(provider).toHaveValue('All Providers');
      await expect(note).toHaveText(NOTE);
      await expect(note).toBeInViewport();
      await expect(page).not.toHaveURL(/provider=/);
      // The line fits the card: the page never scrolls sideways.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      // Back returns to the view before the location was chosen, and the line goes.
      await page.goBack();
      await expect(provider).toHaveValue(PROVIDER);
      await expect(location).toHaveValue('All Locations');
      await expect(note).toHaveCount(0);

      // The next choice is the user's own: the line goes.
      await choose(page, 'Location', OFFICE);
      await expect(note).toHaveText(NOTE);
      const snoozed = page.getByRole('switch', { name: 'Include snoozed' });
      await snoozed.click();
      await expect(snoozed).toBeChecked();
      await expect(note).toHaveCount(0);
      await expect(provider).toHaveValue('All Providers');
      await expect(location).toHaveValue(OFFICE);
    });
  });
}
