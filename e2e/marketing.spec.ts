import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { LocationsResponse } from '../common/api/dashboard';
import { MONTH_NAMES } from '../common/api/goals';
import type { MarketingResponse, SourceSpend, SpendResponse } from '../common/api/marketing';
import { formatCurrency } from '../common/format';
import { axeViolations } from './axe';
import { apiGet, choose } from './dashboard-helpers';
import { ADMIN, apiToken, createUser, loadSamples, signIn } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// Marketing spend on the Configuration tab and the Dashboard's Marketing return (docs/behaviour.md
// section 19) against the real server and the sample data: a manager enters the spend of two
// sources, and the panel shows it and what an arch cost; a location gives the whole-group line.
// Each test starts from a year without spend and puts back what the year had.

const YEAR = new Date().getFullYear();

let admin: string;
let before: SourceSpend[] = [];

async function setSpend(request: APIRequestContext, spend: SourceSpend[]) {
  const response = await request.put('/api/config/marketing-spend', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { year: YEAR, spend },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The page is no wider than the window: nothing makes it scroll sideways. */
async function expectNoSidewaysPageScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  admin = await apiToken(request, ADMIN.username, ADMIN.password);
});

test.beforeEach(async ({ request }) => {
  before = (await apiGet<SpendResponse>(request, admin, `/api/config/marketing-spend?year=${YEAR}`)).spend;
  await setSpend(request, []);
});

test.afterEach(async ({ request }) => {
  await setSpend(request, before);
});

for (const viewport of VIEWPORTS) {
  test(`a manager enters the spend of two sources and the Dashboard sets it against the arches, at ${viewport.name} width`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const manager = await createUser(request, { role: 'manager' });
    await signIn(page, manager.username, manager.password);
    await openTab(page, 'Configuration');

    const card = page.getByRole('region', { name: 'Marketing spend' });
    await expect(card.getByText(`No spend for ${YEAR}.`, { exact: false })).toBeVisible();
    const name = card.getByRole('combobox', { name: 'Add source' });

    // One amount for every month.
    await name.fill('Facebook');
    await card.getByRole('button', { name: 'Add source' }).click();
    const facebook = card.getByRole('textbox', { name: 'Facebook every month' });
    await expect(facebook).toBeFocused();
    await facebook.fill('1,500');

    // Month by month: two months, the rest nothing.
    await name.fill('Google Ads');
    await name.press('Enter');
    await expect(card.getByRole('textbox', { name: 'Google Ads every month' })).toBeFocused();
    await card
      .getByRole('radiogroup', { name: 'Google Ads: how the spend is entered' })
      .getByText('Month by month')
      .click();
    await card.getByRole('textbox', { name: 'Google Ads January' }).fill('2000');
    await card.getByRole('textbox', { name: 'Google Ads February' }).fill('2500.50');
    if (viewport.name === 'phone') await expectNoSidewaysPageScroll(page);
    expect(await axeViolations(page, 'section[aria-labelledby="marketing-spend-title"]'), 'the card').toEqual(
      [],
    );

    await card.getByRole('button', { name: 'Save spend' }).click();
    await expect(card.getByRole('status')).toHaveText(/Marketing spend saved\./);
    const saved = await apiGet<SpendResponse>(request, admin, `/api/config/marketing-spend?year=${YEAR}`);
    expect(saved.spend).toEqual([
      { source: 'Facebook', months: Array(12).fill(1500) },
      { source: 'Google Ads', months: [2000, 2500.5, ...Array(10).fill(0)] },
    ]);
    await expect(card.getByRole('textbox', { name: 'Google Ads February' })).toHaveValue('2,500.50');

    // The Dashboard's panel: the server's figures, the spend of the months counted so far.
    const answer = await apiGet<MarketingResponse>(request, admin, `/api/dashboard/marketing?year=${YEAR}`);
    expect(answer.through, 'this year has begun').not.toBeNull();
    const counted = Number(answer.through?.slice(5, 7));
    const facebookRow = answer.sources.find((row) => row.source === 'Facebook');
    expect(facebookRow?.spend).toBe(1500 * counted);
    expect(answer.totals.arches, 'the sample data has arches won this year').toBeGreaterThan(0);
    expect(answer.totals.cost_per_arch).not.toBeNull();

    await openTab(page, 'Dashboard');
    const panel = page.getByRole('region', { name: 'Marketing return' });
    const table = panel.getByRole('table', { name: 'Marketing return by source' });
    await table.scrollIntoViewIfNeeded();
    const [y, m] = (answer.through ?? '').split('-').map(Number);
    await expect(panel.getByText(`Through ${MONTH_NAMES[m - 1]} ${y}`, { exact: true })).toBeVisible();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    const column = (header: string) => headers.indexOf(header);
    expect(column('Cost per arch')).toBeGreaterThan(0);
    const cells = (source: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: source, exact: true }) })
        .locator('td');
    // The cells after the source: Spend first.
    await expect(cells('Facebook').nth(column('Spend') - 1)).toHaveText(formatCurrency(1500 * counted));
    await expect(cells('Google Ads').nth(column('Spend') - 1)).toHaveText(formatCurrency(4500.5));
    await expect(cells('Total').nth(column('Cost per arch') - 1)).toHaveText(
      formatCurrency(answer.totals.cost_per_arch),
    );
    await expect(panel.getByRole('img', { name: /spend beside the arch value/ })).toBeVisible();
    if (viewport.name === 'phone') await expectNoSidewaysPageScroll(page);
    expect(await axeViolations(page, '#marketing-return'), 'the panel').toEqual([]);

    // At one location spend is the whole group's: the line says so, and no cost is shown.
    const { locations } = await apiGet<LocationsResponse>(request, admin, '/api/dashboard/locations');
    expect(locations.length, 'the sample data has locations').toBeGreaterThan(0);
    await choose(page, 'Location', locations[0]);
    await expect(panel.getByText('Spend is entered for the whole group.', { exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Cost per arch' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Spend', exact: true })).toHaveCount(0);
    await expect(panel.getByRole('img')).toHaveCount(0);
    if (viewport.name === 'phone') await expectNoSidewaysPageScroll(page);
  });
}
