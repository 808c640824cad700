import { expect, type Locator, type Page, test } from '@playwright/test';
import type { ConsultOverview } from '../common/api/dashboard';
import { apiGet, defaultYear, openDashboard } from './dashboard-helpers';
import { loadSamples, pageToken } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// What matters fits the width, a phone's (390 px) included, without scrolling sideways
// (docs/screens.md, Dashboard tab): each detail list shows every row's date and value, and the
// Consult Overview shows the win rate.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const MONEY = /^\$[\d,]+$/;

/** The lists a figure opens, by the button that opens each (for every provider). */
const LISTS: { name: string; button: RegExp; title: RegExp; money: boolean }[] = [
  {
    name: 'consults lost',
    button: /^Show \d+ consults lost for all providers$/,
    title: /^Consults Lost: All Providers/,
    money: false,
  },
  {
    name: 'arch cases',
    button: /^Show arch cases for all providers in \d{4} \(/,
    title: /^Arch Cases: All Providers, \d{4}$/,
    money: true,
  },
  {
    name: 'future treatments',
    button: /^Show all future treatments for all providers \(/,
    title: /^Future Scheduled Treatments: All Providers, all dates$/,
    money: true,
  },
  {
    name: 'pending finance cases',
    button: /^Show pending finance cases for all providers \(/,
    title: /^Pending Finance Cases: All Providers$/,
    money: true,
  },
];

/** Nothing inside `scroller` lies past its right edge: it does not scroll sideways. */
async function expectNoSidewaysScroll(scroller: Locator) {
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function expectPageFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const list of LISTS) {
      test(`the list ${list.name} shows each row's date and value without scrolling sideways`, async ({
        page,
      }) => {
        await openDashboard(page);
        await page.getByRole('button', { name: list.button }).first().click();
        const dialog = page.getByRole('dialog', { name: list.title });
        const rows = dialog.getByRole('table', { name: 'Details' }).locator('tbody tr');
        await expect(rows.first()).toBeVisible();
        await expectNoSidewaysScroll(dialog.getByRole('region', { name: 'Detail rows' }));
        // The first row's name, date and value are wholly in view.
        const first = rows.first();
        await expect(first.getByRole('button')).toBeInViewport({ ratio: 1 });
        await expect(first.getByText(DATE)).toBeInViewport({ ratio: 1 });
        if (list.money) await expect(first.getByText(MONEY)).toBeInViewport({ ratio: 1 });
        await expectPageFits(page, viewport.width);
      });
    }

    test('the Consult Overview shows the win rate without scrolling sideways', async ({ page, request }) => {
      await openDashboard(page);
      const token = await pageToken(page);
      const year = await defaultYear(request, token);
      const overview = await apiGet<ConsultOverview>(
        request,
        token,
        `/api/dashboard/consult-overview?year=${year}`,
      );
      const table = page.getByRole('table', { name: 'Consult Overview' });
      // Only ever scrolled up and down, by the names at the left: the table itself never sideways.
      const scrolledSideways = () =>
        table.evaluate((el) => {
          for (let box = el.parentElement; box; box = box.parentElement)
            if (box.scrollLeft !== 0) return true;
          return false;
        });
      await table.getByRole('columnheader', { name: 'Provider Name' }).scrollIntoViewIfNeeded();
      await expect(table.getByRole('columnheader', { name: 'Win Rate %' })).toBeInViewport({ ratio: 1 });
      const rows = [
        ...overview.providers.map((row) => ({ name: row.provider, rate: row.win_rate })),
        { name: 'Consults YTD Total', rate: overview.totals.win_rate },
      ];
      for (const row of rows) {
        const line = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: row.name }) });
        // The name is at the left edge already, so only the page scrolls, up or down.
        await line
          .getByRole('rowheader')
          .evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
        const rate = line.getByRole('cell', { name: `${row.rate.toFixed(1)}%`, exact: true });
        await expect(rate).toBeInViewport({ ratio: 1 });
      }
      expect(await scrolledSideways()).toBe(false);
      await expectPageFits(page, viewport.width);
    });
  });
}
