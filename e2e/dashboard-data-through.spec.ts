import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { SummaryResponse } from '../common/api/dashboard';
import { readBack } from '../server/test/read-back';
import { apiGet, choose, comparedWith, openDashboard } from './dashboard-helpers';
import { ADMIN, apiToken, loadSamples } from './helpers';

// How current the figures are (docs/behaviour.md section 6.6), against the sample data, whose
// last procedure is of 10/29/2026 (the files were made on 11/01) while the server's today is later: the Dashboard, the PDF and the workbook
// say the same 'Data through' day, set last year beside the year up to that day, and mark the
// month the data stops in as incomplete.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const lastOfMonth = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate() ===
  Number(day.slice(8, 10));

let token: string;
let through: string;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  token = await apiToken(request, ADMIN.username, ADMIN.password);
  const last = await apiGet<{ data_through: string | null }>(
    request,
    token,
    '/api/dashboard/last-import-date',
  );
  expect(last.data_through).not.toBeNull();
  through = last.data_through ?? '';
});

async function openOnDataYear(page: Page) {
  await openDashboard(page);
  const year = through.slice(0, 4);
  if ((await page.getByRole('combobox', { name: 'Year' }).inputValue()) !== year)
    await choose(page, 'Year', year);
  return Number(year);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('says how far the data goes, compares last year up to that day, and marks the month it stops in, as the PDF and the workbook do', async ({
      page,
      request,
    }) => {
      const year = await openOnDataYear(page);
      const words = `Data through ${usDay(through)}`;
      const filters = page.getByRole('region', { name: 'Dashboard Filters' });
      await expect(filters.getByText(words, { exact: true })).toBeVisible();
      await expect(filters.getByText(/Last Data Import: \d/)).toBeVisible();

      // The headline figures: last year up to the data's day, whatever today is.
      const summary = await apiGet<SummaryResponse>(request, token, `/api/dashboard/summary?year=${year}`);
      expect(summary.data_through).toBe(through);
      const before = comparedWith(year, through);
      const cards = page.getByRole('region', { name: `Headline figures for ${year}` }).getByRole('button');
      await expect(cards.first()).toContainText(`${before}: ${summary.consults_ytd.previous}`);

      // The Monthly Trends: the month the data stops in says so, in the table and under the chart.
      const month = Number(through.slice(5, 7));
      const trends = page.getByRole('region', { name: 'Monthly Trends' });
      const rows = trends.getByRole('table', { name: 'Monthly Trends' }).getByRole('row');
      const partial = !lastOfMonth(through);
      const cell = rows.nth(month).getByRole('cell').first();
      const part = `(to ${through.slice(5, 7)}/${through.slice(8, 10)}) incomplete month`;
      if (partial) {
        await expect(cell).toHaveText(`${MONTHS[month - 1]}${part}`);
        await expect(
          trends.getByText(
            `${MONTHS[month - 1]}*: incomplete month, to ${through.slice(5, 7)}/${through.slice(8, 10)}`,
          ),
        ).toBeVisible();
      }
      await expect(trends.getByText(/incomplete month/)).toHaveCount(partial ? 2 : 0);
      // The month after it, when it has begun (the samples stop in October), has no data yet.
      const now = new Date();
      const thisMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
      const next = month + 1;
      const nextKey = `${year}-${String(next).padStart(2, '0')}`;
      if (next <= 12 && nextKey <= thisMonth) {
        await expect(rows.nth(next).getByRole('cell').first()).toHaveText(`${MONTHS[next - 1]}No data yet`);
        await expect(rows.nth(next).getByRole('cell').nth(3)).toHaveText('—No data yet');
        await expect(trends.getByText(new RegExp(`^No data yet: ${MONTHS[next - 1]}`))).toBeVisible();
      }

      // The PDF says the same day and the same comparison (its font writes a hyphen for minus).
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export PDF Report' }).click(),
      ]);
      const path = `.tmp/e2e-data-through-${viewport.name}.pdf`;
      await pdf.saveAs(path);
      const text = readFileSync(path, 'latin1');
      expect(text).toContain(words);
      expect(text).toContain(`(${before}: ${summary.consults_ytd.previous} \\(`);

      // The dashboard workbook, on every sheet.
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export Dashboard' }).click(),
      ]);
      const book = await readBack(readFileSync(await xlsx.path()));
      for (const ws of book.worksheets) expect(ws.getCell('A2').text).toContain(words);
    });
  });
}
