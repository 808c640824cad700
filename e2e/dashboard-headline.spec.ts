import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type {
  ArchCaseDetailsResponse,
  ArchCasesResponse,
  ConsultDetailsResponse,
  ConsultOverview,
  FutureCaseValueResponse,
  SummaryResponse,
} from '../common/api/dashboard';
import { formatCurrency } from '../common/format';
import { readBack } from '../server/test/read-back';
import {
  apiGet as apiGetAs,
  choose,
  comparedWith,
  openDashboard,
  defaultYear as yearOpenedOn,
} from './dashboard-helpers';
import { ADMIN, apiToken, loadSamples, SAMPLE_FILES } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// The Dashboard's headline figures and where its figures lead, against the real server and the
// sample data: every figure is compared with what the API answers for the same filter.

let token: string;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  token = await apiToken(request, ADMIN.username, ADMIN.password);
});

const apiGet = <T>(request: APIRequestContext, path: string) => apiGetAs<T>(request, token, path);

const percent = (rate: number) => `${rate.toFixed(1)}%`;
const signed = (diff: number, text: string) => (diff > 0 ? `+${text}` : diff < 0 ? `−${text}` : 'no change');

/**
 * What each card names, worked from the panels' own answers for the year. The year before's
 * figures are the panels' for a past year; this year is set beside only the same days of the year
 * before, which no panel answers, so those come from the summary (dashboard-same-period.spec.ts
 * works them out from data of its own).
 */
async function expectedCards(request: APIRequestContext, year: number): Promise<string[]> {
  const now = (await apiGet<ConsultOverview>(request, `/api/dashboard/consult-overview?year=${year}`)).totals;
  const arch = await apiGet<ArchCasesResponse>(request, `/api/dashboard/arch-cases-by-month?year=${year}`);
  const summary = await apiGet<SummaryResponse>(request, `/api/dashboard/summary?year=${year}`);
  // The sample data stops on 11/01: last year is counted to that day, not to today.
  expect(summary.data_through).not.toBeNull();
  const before = comparedWith(year, summary.data_through ?? '');
  const thisYear = year === Number(summary.data_through?.slice(0, 4));
  const then = thisYear
    ? {
        consults_ytd: summary.consults_ytd.previous,
        consults_won: summary.consults_won.previous,
        win_rate: summary.win_rate.previous,
      }
    : (await apiGet<ConsultOverview>(request, `/api/dashboard/consult-overview?year=${year - 1}`)).totals;
  const archThen = thisYear
    ? summary.arch_case_value.previous
    : (await apiGet<ArchCasesResponse>(request, `/api/dashboard/arch-cases-by-month?year=${year - 1}`))
        .grand_total;
  const future = await apiGet<FutureCaseValueResponse>(request, '/api/dashboard/future-case-value');
  const count = (a: number, b: number) => `${a}. ${before}: ${b} (${signed(a - b, String(Math.abs(a - b)))})`;
  const tenths = Math.round(now.win_rate * 10) - Math.round(then.win_rate * 10);
  const archDiff = Math.round(arch.grand_total) - Math.round(archThen);
  return [
    `Consults YTD: ${count(now.consults_ytd, then.consults_ytd)}. Show the consults by provider`,
    `Consults Won: ${count(now.consults_won, then.consults_won)}. Show the consults won`,
    `Win Rate: ${percent(now.win_rate)}. ${before}: ${percent(then.win_rate)} (${signed(tenths, `${(Math.abs(tenths) / 10).toFixed(1)} pts`)}). Show the win rate by provider`,
    `Arch Case Value: ${formatCurrency(arch.grand_total)}. ${before}: ${formatCurrency(archThen)} (${signed(archDiff, formatCurrency(Math.abs(archDiff)))}). Show the arch cases of ${year}`,
    `Future Scheduled Value: ${formatCurrency(future.future_treatments.grand_total)}. Not by year: every scheduled treatment. Show the future scheduled treatments`,
    `Pending Finance Value: ${formatCurrency(future.pending_finance.grand_total)}. Not by year: every open case. Show the pending finance cases`,
  ];
}

const headline = (page: Page, year: number) =>
  page.getByRole('region', { name: `Headline figures for ${year}` });

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test("the six headline figures stand beside last year's and open what lies behind them", async ({
      page,
      request,
    }) => {
      const year = await yearOpenedOn(request, token);
      await openDashboard(page);
      const cards = headline(page, year).getByRole('button');
      await expect(cards).toHaveCount(6);
      const expected = await expectedCards(request, year);
      for (const [i, name] of expected.entries()) await expect(cards.nth(i)).toHaveAccessibleName(name);
      // The last year's figure is on screen, not only in the name.
      const { data_through } = await apiGet<SummaryResponse>(request, `/api/dashboard/summary?year=${year}`);
      await expect(cards.first()).toContainText(`${comparedWith(year, data_through ?? '')}: `);
      await expect(cards.nth(4)).toContainText('Not by year');

      const won = await apiGet<ConsultDetailsResponse>(
        request,
        `/api/dashboard/consult-details/consults_won?year=${year}`,
      );
      await cards.nth(1).click();
      const dialog = page.getByRole('dialog', { name: `Consults Won: All Providers, ${year}` });
      await expect(dialog.locator('tbody tr')).toHaveCount(won.details.length);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();

      // Consults YTD has no list of its own: it leads to the table that breaks it down.
      await cards.first().click();
      await expect(page.getByRole('region', { name: 'Consult Overview' })).toBeFocused();
    });

    test('a name in a detail list opens Patient Lookup on that patient, and Back returns to the list', async ({
      page,
      request,
    }) => {
      const year = await yearOpenedOn(request, token);
      await openDashboard(page);
      await headline(page, year)
        .getByRole('button', { name: /^Consults Won:/ })
        .click();
      const dialog = page.getByRole('dialog');
      const name = (await dialog.locator('tbody tr').first().getByRole('button').textContent()) ?? '';
      expect(name).not.toBe('');
      await dialog.getByRole('button', { name, exact: true }).first().click();
      await expect(page).toHaveURL(/\/patient-lookup/);
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(name);

      // Back: the Dashboard with the same list open; closing it leaves the Dashboard as it was.
      await page.goBack();
      const again = page.getByRole('dialog');
      await expect(again).toBeVisible();
      await expect(again.getByRole('button', { name, exact: true }).first()).toBeVisible();
      await again.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page).toHaveURL(/\/dashboard(\?year=\d+)?$/);
    });

    test("a row total opens the provider's whole year", async ({ page, request }) => {
      const year = await yearOpenedOn(request, token);
      const arch = await apiGet<ArchCasesResponse>(
        request,
        `/api/dashboard/arch-cases-by-month?year=${year}`,
      );
      const row = arch.providers.find((r) => r.total > 0)!;
      const list = await apiGet<ArchCaseDetailsResponse>(
        request,
        `/api/dashboard/arch-case-details/${year}?year=${year}&provider=${encodeURIComponent(row.provider)}`,
      );
      expect(list.total_value).toBe(row.total);
      await openDashboard(page);
      await page
        .getByRole('table', { name: 'Arch Cases by Provider by Month' })
        .getByRole('button', {
          name: `Show arch cases for ${row.provider} in ${year} (${formatCurrency(row.total)})`,
        })
        .click();
      const dialog = page.getByRole('dialog', { name: `Arch Cases: ${row.provider}, ${year}` });
      await expect(dialog.locator('tbody tr')).toHaveCount(list.patients.length);
      await expect(dialog).toContainText(`Total value: ${formatCurrency(row.total)}`);
    });

    test('a detail list downloads as an Excel workbook', async ({ page, request }) => {
      const year = await yearOpenedOn(request, token);
      const pending = await apiGet<FutureCaseValueResponse>(request, '/api/dashboard/future-case-value');
      await openDashboard(page);
      await headline(page, year)
        .getByRole('button', { name: /^Pending Finance Value:/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Pending Finance Cases: All Providers' });
      await expect(dialog.locator('tbody tr').first()).toBeVisible();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Export to Excel' }).click(),
      ]);
      expect(file.suggestedFilename()).toBe('pending_finance_cases.xlsx');
      const path = `.tmp/e2e-details-${viewport.name}.xlsx`;
      await file.saveAs(path);
      const { readFileSync } = await import('node:fs');
      const ws = (await readBack(readFileSync(path))).worksheets[0];
      expect(ws.getCell(4, 1).value).toBe('Patient Name');
      const rows = await dialog.locator('tbody tr').count();
      expect(ws.rowCount).toBe(4 + rows);
      let sum = 0;
      for (let r = 5; r <= ws.rowCount; r++) sum += Number(ws.getCell(r, 2).value);
      expect(Math.round(sum)).toBe(Math.round(pending.pending_finance.grand_total));
    });

    test('the overview says which side of the range each provider outside it lies on', async ({
      page,
      request,
    }) => {
      const year = await yearOpenedOn(request, token);
      const overview = await apiGet<ConsultOverview>(request, `/api/dashboard/consult-overview?year=${year}`);
      const { outside, mean } = overview.acceptable_range;
      expect(outside.length).toBeGreaterThan(0);
      await openDashboard(page);
      const table = page.getByRole('table', { name: 'Consult Overview' });
      for (const row of overview.providers) {
        const header = table.getByRole('rowheader', { name: row.provider });
        const words = !outside.includes(row.provider)
          ? null
          : row.future_ytd_total > mean
            ? 'Above the range'
            : 'Below the range';
        if (words) await expect(header).toContainText(words, { ignoreCase: true });
        else await expect(header).not.toContainText('range', { ignoreCase: true });
      }
      await expect(page.getByRole('status').filter({ hasText: 'Variance' })).toContainText(
        /(Above the range \(doing better than the group\)|Below the range \(behind the group\)): /,
      );
    });

    test('a detail list leads with the name and drops the provider when one is chosen', async ({
      page,
      request,
    }) => {
      const year = await yearOpenedOn(request, token);
      const overview = await apiGet<ConsultOverview>(request, `/api/dashboard/consult-overview?year=${year}`);
      const provider = overview.providers.find((p) => p.consults_won > 0)!.provider;
      await openDashboard(page);
      await choose(page, 'Provider', provider);
      await headline(page, year)
        .getByRole('button', { name: /^Consults Won:/ })
        .click();
      const dialog = page.getByRole('dialog', { name: `Consults Won: ${provider}, ${year}` });
      await expect(dialog.locator('tbody tr').first()).toBeVisible();
      // On a phone the status goes under the name, so the row fits the width.
      expect(await dialog.getByRole('columnheader').allInnerTexts()).toEqual(
        viewport.width < 768 ? ['Patient Name', 'Date'] : ['Patient Name', 'Date', 'Status'],
      );
      // The name is in view without scrolling sideways.
      const nameBox = await dialog.locator('tbody tr').first().getByRole('button').boundingBox();
      expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(viewport.width);
    });

    test("the arch grid's row total comes right after the name on a phone, last on a desktop", async ({
      page,
    }) => {
      await openDashboard(page);
      const headers = await page
        .getByRole('table', { name: 'Arch Cases by Provider by Month' })
        .getByRole('columnheader')
        .allInnerTexts();
      expect(headers[0]).toBe('Provider Name');
      if (viewport.width < 768) expect(headers[1]).toBe('Total');
      else expect(headers.at(-1)).toBe('Total');
    });

    test('a long provider name in the arch grid takes at most two lines', async ({ page, request }) => {
      const long = 'Dr. Alexandra Montgomery-Fitzwilliam of the Northern Lakeside Dental Practice Group';
      // The sample data has short names: the same report with one provider renamed is imported,
      // and the samples are put back afterwards for the other tests.
      const report = readFileSync(SAMPLE_FILES['raw-data'], 'utf8').replaceAll('Dr. Emily Patel', long);
      const imported = await request.post('/api/import/raw-data', {
        headers: { Authorization: `Bearer ${token}` },
        multipart: {
          file: { name: 'long-name.csv', mimeType: 'text/csv', buffer: Buffer.from(report) },
          replace: 'true',
        },
      });
      expect(imported.status(), await imported.text()).toBe(200);
      try {
        await openDashboard(page);
        await expectTwoLines(page, long);
      } finally {
        await loadSamples(request);
      }
    });
  });
}

async function expectTwoLines(page: Page, long: string) {
  const grid = page.getByRole('table', { name: 'Arch Cases by Provider by Month' });
  const name = grid.getByTitle(long);
  await expect(name).toHaveText(long);
  const { height, lineHeight } = await name.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
  expect(height).toBeGreaterThan(lineHeight);
}
