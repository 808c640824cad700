import { expect, type Page, test } from '@playwright/test';
import type { ProvidersResponse } from '../common/api/dashboard';
import { apiGet, choose, openDashboard } from './dashboard-helpers';
import { loadSamples, pageToken } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// The Dashboard's filters never change behind the user's back (docs/screens.md, Filters card and
// section 10): a provider who has no patients at the location chosen goes back to All Providers
// with a line saying why, and the address alone decides the view, so signing in again on a bare
// /dashboard opens on every location, not the one chosen last time.

// In the sample data Dr. Sarah Chen works at Main Street only.
const PROVIDER = 'Dr. Sarah Chen';
const OFFICE = 'Lakeside';
const NOTE = `Provider set to All Providers: ${PROVIDER} has no patients at ${OFFICE}`;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** Resolves when the Consult Overview has been answered for every location. */
const everywhereAnswered = (page: Page) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/dashboard/consult-overview' && !url.searchParams.has('location') && response.ok()
    );
  });

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a provider not at the location chosen goes back to All Providers, and the line says why', async ({
      page,
      request,
    }) => {
      await openDashboard(page);
      const token = await pageToken(page);
      const { providers } = await apiGet<ProvidersResponse>(
        request,
        token,
        `/api/dashboard/providers?location=${OFFICE}`,
      );
      expect(providers).not.toContain(PROVIDER);

      await choose(page, 'Provider', PROVIDER);
      const note = page.getByRole('status').filter({ hasText: 'Provider set to All Providers' });
      await expect(note).toHaveCount(0);
      await choose(page, 'Location', OFFICE);
      await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('All Providers');
      await expect(note).toHaveText(NOTE);
      await expect(note).toBeInViewport();
      await expect(page).not.toHaveURL(/provider=/);
      // The line fits the card: the page never scrolls sideways.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      // The next choice is the user's own: the line goes.
      const year = page.getByRole('combobox', { name: 'Year' });
      const shown = await year.inputValue();
      await year.click();
      await page.getByRole('listbox').getByRole('option').filter({ hasNotText: shown }).first().click();
      await expect(year).not.toHaveValue(shown);
      await expect(note).toHaveCount(0);
    });

    test('signing in again on a bare /dashboard opens on every location', async ({ page }) => {
      await openDashboard(page);
      await choose(page, 'Location', OFFICE);
      await expect(page).toHaveURL(/location=Lakeside/);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      const answered = everywhereAnswered(page);
      await openDashboard(page);
      await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('All Locations');
      await answered;

      // A bare /dashboard typed in, too.
      const again = everywhereAnswered(page);
      await page.goto('/dashboard');
      await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('All Locations');
      await again;
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}
