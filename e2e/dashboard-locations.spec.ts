import { expect, type Page, test } from '@playwright/test';
import type { ConsultOverview, LocationsResponse } from '../common/api/dashboard';
import { apiGet, consultCells, defaultYear, openDashboard } from './dashboard-helpers';
import { loadSamples, pageToken } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// The Location filter (docs/behaviour.md section 11) against the real server and the sample data,
// which has two offices: each choice must show the API's figures for that office, and survive a reload.

const OFFICES = ['Main Street', 'Lakeside'];

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** Resolves when the Consult Overview has been answered for `location`. */
const overviewAnswered = (page: Page, location: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/dashboard/consult-overview' &&
      url.searchParams.get('location') === location &&
      response.ok()
    );
  });

/** The Consult Overview shows `overview`: one row per provider plus the header and totals rows. */
async function expectOverview(page: Page, overview: ConsultOverview) {
  const table = page.getByRole('table', { name: 'Consult Overview' });
  await expect(table.getByRole('row')).toHaveCount(overview.providers.length + 2);
  const totals = table.getByRole('row').filter({ hasText: 'Consults YTD Total' });
  await expect(totals.getByRole('cell')).toHaveText(consultCells(overview.totals, page));
}

for (const viewport of VIEWPORTS) {
  test(`the Location select narrows the figures to each office and survives a reload at ${viewport.name} width`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openDashboard(page);
    const token = await pageToken(page);
    const year = await defaultYear(request, token);
    const { locations } = await apiGet<LocationsResponse>(request, token, '/api/dashboard/locations');
    expect(locations).toEqual(expect.arrayContaining(OFFICES));

    const select = page.getByRole('combobox', { name: 'Location' });
    await expect(select).toHaveValue('All Locations');
    await select.click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['All Locations', ...locations]);
    await page.keyboard.press('Escape');

    const everywhere = await apiGet<ConsultOverview>(
      request,
      token,
      `/api/dashboard/consult-overview?year=${year}`,
    );
    await expectOverview(page, everywhere);

    const seen: ConsultOverview['totals'][] = [everywhere.totals];
    for (const office of OFFICES) {
      const search = new URLSearchParams({ year: String(year), location: office });
      const overview = await apiGet<ConsultOverview>(
        request,
        token,
        `/api/dashboard/consult-overview?${search}`,
      );
      const answered = overviewAnswered(page, office);
      await select.click();
      await page.getByRole('option', { name: office, exact: true }).click();
      await expect(select).toHaveValue(office);
      await answered;
      await expectOverview(page, overview);
      seen.push(overview.totals);
    }
    // The offices' totals differ from each other and from every location's (the sample data has
    // cases at both), so the checks above saw the table change rather than stay put.
    expect(new Set(seen.map((totals) => JSON.stringify(totals))).size).toBe(seen.length);

    // The last choice is in the address: a reload opens on it and asks the server for it.
    const last = OFFICES[OFFICES.length - 1];
    const reloaded = overviewAnswered(page, last);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard Filters' })).toBeVisible();
    await expect(select).toHaveValue(last);
    await reloaded;
    const lastOverview = await apiGet<ConsultOverview>(
      request,
      token,
      `/api/dashboard/consult-overview?${new URLSearchParams({ year: String(year), location: last })}`,
    );
    await expectOverview(page, lastOverview);

    // The three selects fit the card: the page never scrolls sideways.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(viewport.width);
  });
}
