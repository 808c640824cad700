import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import type {
  ArchCaseDetailsResponse,
  ArchCasesResponse,
  ConsultDetailsResponse,
  ConsultOverview,
  FutureCaseDetailsResponse,
  FutureCaseValueResponse,
  MonthGridRow,
  PendingFinanceDetailsResponse,
} from '../common/api/dashboard';
import { formatCurrency } from '../common/format';
import { ROUNDING_NOTE, wrapText } from '../server/reports/pdf/format';
import { axeViolations } from './axe';
import {
  apiGet as apiGetAs,
  cellTexts,
  choose,
  consultCells,
  openDashboard,
  defaultYear as yearOpenedOn,
} from './dashboard-helpers';
import { ADMIN, apiToken, loadSamples } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// The dashboard against the real server and the bundled sample data: every figure on screen is
// compared with what the API says for the same filter.

let token: string;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  token = await apiToken(request, ADMIN.username, ADMIN.password);
});

// The API as the admin, with the token of beforeAll.
const apiGet = <T>(request: APIRequestContext, path: string) => apiGetAs<T>(request, token, path);
const defaultYear = (request: APIRequestContext) => yearOpenedOn(request, token);

const query = (provider: string | null, year?: number) => {
  const search = new URLSearchParams();
  if (provider) search.set('provider', provider);
  if (year !== undefined) search.set('year', String(year));
  return `?${search}`;
};

const value = (row: MonthGridRow, month: string) =>
  typeof row[month] === 'number' ? (row[month] as number) : 0;

async function expectPanelsMatch(
  page: Page,
  request: APIRequestContext,
  provider: string | null,
  year: number,
) {
  const overview = await apiGet<ConsultOverview>(
    request,
    `/api/dashboard/consult-overview${query(provider, year)}`,
  );
  const arch = await apiGet<ArchCasesResponse>(
    request,
    `/api/dashboard/arch-cases-by-month${query(provider, year)}`,
  );
  const future = await apiGet<FutureCaseValueResponse>(
    request,
    `/api/dashboard/future-case-value${query(provider)}`,
  );

  const consults = page.getByRole('table', { name: 'Consult Overview' });
  await expect(consults.getByRole('row')).toHaveCount(overview.providers.length + 2);
  for (const row of overview.providers) {
    expect(await cellTexts(consults.getByRole('row').filter({ hasText: row.provider }))).toEqual(
      consultCells(row, page),
    );
  }
  const totals = consults.getByRole('row').filter({ hasText: 'Consults YTD Total' });
  expect(await cellTexts(totals)).toEqual(consultCells(overview.totals, page));
  await expect(page.getByRole('status').filter({ hasText: 'Variance' })).toContainText(
    overview.acceptable_range.variance_status,
  );

  const archTable = page.getByRole('table', { name: 'Arch Cases by Provider by Month' });
  await expect(archTable.getByRole('row')).toHaveCount(arch.providers.length + 2);
  // On a phone a row's total comes right after the name; on a desktop it closes the row.
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  const withTotal = (months: string[], total: number) =>
    phone ? [formatCurrency(total), ...months] : [...months, formatCurrency(total)];
  for (const row of arch.providers) {
    expect(await cellTexts(archTable.getByRole('row').filter({ hasText: row.provider }))).toEqual(
      withTotal(
        arch.months.map((m) => formatCurrency(value(row, m))),
        row.total,
      ),
    );
  }
  expect(await cellTexts(archTable.getByRole('row').filter({ hasText: 'Grand Total' }))).toEqual(
    withTotal(
      arch.months.map((m) => formatCurrency(arch.month_totals[m])),
      arch.grand_total,
    ),
  );

  const futureTable = page.getByRole('table', { name: 'Future Scheduled Treatments by Month' });
  if (future.future_treatments.providers.length === 0) {
    await expect(futureTable).toHaveCount(0);
    await expect(page.getByText(/^No future scheduled treatments with a case value/)).toBeVisible();
  } else {
    await expect(futureTable.getByRole('row')).toHaveCount(future.future_treatments.providers.length + 2);
    await expect(futureTable.getByRole('row').filter({ hasText: 'Grand Total' })).toContainText(
      formatCurrency(future.future_treatments.grand_total),
    );
  }
  const pending = page.getByRole('table', { name: 'Pending Finance Cases' });
  if (future.pending_finance.providers.length === 0) {
    await expect(pending).toHaveCount(0);
  } else {
    await expect(pending.getByRole('row')).toHaveCount(future.pending_finance.providers.length + 2);
    await expect(pending.getByRole('row').filter({ hasText: 'Grand Total' })).toContainText(
      formatCurrency(future.pending_finance.grand_total),
    );
  }
  return { overview, arch, future };
}

/** Waits for the detail modal and its rows; `summary` is the 'Total value: ... · n cases' line. */
async function openDetails(page: Page, button: Locator, title: string, rows: number, summary?: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(rows);
  if (summary) await expect(dialog).toContainText(summary);
  return dialog;
}

/** The month a cell's button names: 'Show ... in January 2026 ($29,990)' gives 'January 2026'. */
const monthIn = (label: string | null) => /^Show .+? in (.+) \([^()]*\)$/.exec(label ?? '')?.[1] ?? '';

const summaryOf = (total: number, count: number, noun: string) =>
  `Total value: ${formatCurrency(total)} · ${count} ${noun}${count === 1 ? '' : 's'}`;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the panels show the API figures and follow the filters', async ({ page, request }) => {
      const year = await defaultYear(request);
      await openDashboard(page);
      await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveValue('All Providers');
      await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(year));
      await expect(
        page.getByText(/Last Data Import: \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M/),
      ).toBeVisible();
      const { overview } = await expectPanelsMatch(page, request, null, year);

      // One provider and the previous year.
      const provider = overview.providers[0].provider;
      await choose(page, 'Provider', provider);
      await choose(page, 'Year', String(year - 1));
      await expectPanelsMatch(page, request, provider, year - 1);

      // Wide grids scroll inside their card; the page itself never scrolls sideways.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);
    });

    test('every kind of figure opens its details, which close three ways', async ({ page, request }) => {
      const year = await defaultYear(request);
      const overview = await apiGet<ConsultOverview>(
        request,
        `/api/dashboard/consult-overview${query(null, year)}`,
      );
      const arch = await apiGet<ArchCasesResponse>(
        request,
        `/api/dashboard/arch-cases-by-month${query(null, year)}`,
      );
      const future = await apiGet<FutureCaseValueResponse>(request, '/api/dashboard/future-case-value');
      await openDashboard(page);

      // Consults won for the provider with the most: closed with the Close button.
      const top = [...overview.providers].sort((a, b) => b.consults_won - a.consults_won)[0];
      const won = await apiGet<ConsultDetailsResponse>(
        request,
        `/api/dashboard/consult-details/consults_won${query(top.provider, year)}`,
      );
      expect(won.details).toHaveLength(top.consults_won);
      let dialog = await openDetails(
        page,
        page.getByRole('button', { name: `Show ${top.consults_won} consults won for ${top.provider}` }),
        `Consults Won: ${top.provider}, ${year}`,
        won.details.length,
      );
      await expect(dialog.locator('tbody tr').first()).toContainText(won.details[0].patient_name);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();

      // The totals row: lost consults of every provider, closed with Escape.
      const lost = await apiGet<ConsultDetailsResponse>(
        request,
        `/api/dashboard/consult-details/consults_lost${query(null, year)}`,
      );
      dialog = await openDetails(
        page,
        page.getByRole('button', {
          name: `Show ${overview.totals.consults_lost} consults lost for all providers`,
        }),
        `Consults Lost: All Providers, ${year}`,
        lost.details.length,
      );
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // An arch case month: total and count match the API; closed with the X.
      const archRow = arch.providers.find((row) => arch.months.some((m) => value(row, m) > 0))!;
      const month = arch.months.find((m) => value(archRow, m) > 0)!;
      const archDetails = await apiGet<ArchCaseDetailsResponse>(
        request,
        `/api/dashboard/arch-case-details/${month}${query(archRow.provider, year)}`,
      );
      expect(archDetails.total_value).toBe(value(archRow, month));
      const archButton = page
        .getByRole('table', { name: 'Arch Cases by Provider by Month' })
        .getByRole('button', { name: new RegExp(`^Show arch cases for ${archRow.provider} in .*\\(`) })
        .filter({ hasText: formatCurrency(value(archRow, month)) })
        .first();
      const monthName = monthIn(await archButton.getAttribute('aria-label'));
      expect(monthName).toMatch(/^[A-Z][a-z]+ \d{4}$/);
      dialog = await openDetails(
        page,
        archButton,
        `Arch Cases: ${archRow.provider}, ${monthName}`,
        archDetails.patients.length,
        summaryOf(archDetails.total_value, archDetails.patients.length, 'case'),
      );
      await dialog.getByRole('button', { name: 'Close details' }).click();
      await expect(dialog).toBeHidden();

      // A future month: closed by a click on the overlay, outside the dialog.
      const grid = future.future_treatments;
      const futureRow = grid.providers.find((row) => grid.months.some((m) => value(row, m) > 0))!;
      const futureMonth = grid.months.find((m) => value(futureRow, m) > 0)!;
      const treatments = await apiGet<FutureCaseDetailsResponse>(
        request,
        `/api/dashboard/future-case-details/${futureMonth}${query(futureRow.provider)}`,
      );
      const futureButton = page
        .getByRole('table', { name: 'Future Scheduled Treatments by Month' })
        .getByRole('button', { name: new RegExp(`^Show future treatments for ${futureRow.provider} in `) })
        .first();
      dialog = await openDetails(
        page,
        futureButton,
        `Future Scheduled Treatments: ${futureRow.provider}, ${monthIn(await futureButton.getAttribute('aria-label'))}`,
        treatments.treatments.length,
        summaryOf(treatments.total_value, treatments.treatments.length, 'treatment'),
      );
      await page.mouse.click(5, viewport.height - 5);
      await expect(dialog).toBeHidden();

      // Pending finance for one provider.
      const pendingRow = future.pending_finance.providers.find((row) => row.case_value > 0)!;
      const cases = await apiGet<PendingFinanceDetailsResponse>(
        request,
        `/api/dashboard/pending-finance-details${query(pendingRow.provider)}`,
      );
      dialog = await openDetails(
        page,
        page.getByRole('button', {
          name: `Show pending finance cases for ${pendingRow.provider} (${formatCurrency(pendingRow.case_value)})`,
        }),
        `Pending Finance Cases: ${pendingRow.provider}`,
        cases.cases.length,
        summaryOf(cases.total_value, cases.cases.length, 'case'),
      );
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
    });
  });
}

test('empty future and pending finance cells are not buttons', async ({ page, request }) => {
  const future = await apiGet<FutureCaseValueResponse>(request, '/api/dashboard/future-case-value');
  await openDashboard(page);
  const grid = future.future_treatments;
  const table = page.getByRole('table', { name: 'Future Scheduled Treatments by Month' });
  let zeros = 0;
  for (const row of grid.providers) {
    const nonZero = grid.months.filter((m) => value(row, m) > 0).length;
    zeros += grid.months.length - nonZero;
    const tr = table.getByRole('row').filter({ hasText: row.provider });
    // Only non-zero month cells, and the row total (every date of the provider's).
    await expect(tr.getByRole('button')).toHaveCount(nonZero + (row.total > 0 ? 1 : 0));
    await expect(tr.getByRole('cell', { name: '-', exact: true })).toHaveCount(grid.months.length - nonZero);
  }
  expect(zeros).toBeGreaterThan(0);
  const pending = page.getByRole('table', { name: 'Pending Finance Cases' });
  await expect(pending.getByRole('button')).toHaveCount(
    future.pending_finance.providers.filter((row) => row.case_value > 0).length + 1,
  );
});

test('the dashboard with data and an open detail have no serious accessibility violations', async ({
  page,
}) => {
  await openDashboard(page);
  await expect(page.getByRole('table', { name: 'Arch Cases by Provider by Month' })).toBeVisible();
  // The sample data has locations, so the filter card is checked with its Location select.
  await expect(page.getByRole('combobox', { name: 'Location' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Show \d+ consults won for all providers$/ }).click();
  await expect(page.getByRole('dialog').locator('tbody tr').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

for (const viewport of VIEWPORTS) {
  test(`exports download the spreadsheets and a PDF report at ${viewport.name} width`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openDashboard(page);

    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Dashboard' }).click(),
    ]);
    expect(sheet.suggestedFilename()).toBe('dental_tracker_dashboard.xlsx');
    const sheetPath = `.tmp/e2e-dashboard-${viewport.name}.xlsx`;
    await sheet.saveAs(sheetPath);
    expect(readFileSync(sheetPath).subarray(0, 2).toString()).toBe('PK');

    const [scores] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Scoresheet' }).click(),
    ]);
    expect(scores.suggestedFilename()).toBe('scoresheet.xlsx');

    const today = new Date();
    const stamp = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
      .map((n) => String(n).padStart(2, '0'))
      .join('-');
    // The report is the server's, asked for with the Dashboard's filters.
    const [pdf, asked] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/export/report'),
      page.getByRole('button', { name: 'Export PDF Report' }).click(),
    ]);
    const year = await defaultYear(page.request);
    expect(new URL(asked.url()).searchParams.get('year')).toBe(String(year));
    expect(pdf.suggestedFilename()).toBe(`full-arch-report-${stamp}.pdf`);
    await expect(page.getByText(`PDF exported successfully: full-arch-report-${stamp}.pdf`)).toBeVisible();
    const pdfPath = `.tmp/e2e-report-${viewport.name}.pdf`;
    await pdf.saveAs(pdfPath);

    // jsPDF writes uncompressed text, so pages and footers can be read from the file itself.
    const text = readFileSync(pdfPath, 'latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    const pages = (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`(Page ${n} of ${pages})`);
    expect(text).not.toContain(`(Page ${pages + 1} of`);
    // Landscape A4: 297 x 210 mm is 841.89 x 595.28 points on every page.
    const boxes = text.match(/\/MediaBox \[[^\]]*\]/g) ?? [];
    expect(boxes).toHaveLength(pages);
    for (const box of boxes) expect(box).toMatch(/^\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]$/);
    for (const words of [
      'Consult Overview',
      'Arch Cases by Month',
      'Future Scheduled Treatments',
      'Pending Finance Cases',
    ]) {
      expect(text).toContain(`(${words})`);
    }
    expect(text).toContain('Do not distribute');
    // Compact: the sample data's report with its three charts takes three pages at most, and the
    // Marketing return (an admin's report has it) one more.
    expect(pages).toBeLessThanOrEqual(4);
    expect(text).toContain('(Marketing return)');
    for (const chart of ['Win Rate % by Provider', 'Arch Case Value', 'Win Rate %', 'Consults']) {
      expect(text).toContain(`(${chart})`);
    }
    expect(text).toContain(`(${ROUNDING_NOTE.slice(0, 40)}`);
    // Every provider's name is drawn on whole lines, broken only between words.
    const overview = await apiGet<ConsultOverview>(
      page.request,
      `/api/dashboard/consult-overview${query(null, year)}`,
    );
    for (const row of overview.providers) {
      for (const line of wrapText(row.provider)) expect(text).toContain(`(${line}) Tj`);
    }
    // It names no patient.
    const { scoresheet } = await apiGet<{ scoresheet: { patient_name: string }[] }>(
      page.request,
      '/api/scoresheet',
    );
    expect(scoresheet.length).toBeGreaterThan(0);
    for (const { patient_name } of scoresheet) expect(text).not.toContain(patient_name);

    // One provider's report, with the provider chosen on the Dashboard.
    const chosen = overview.providers[0].provider;
    await choose(page, 'Provider', chosen);
    const [own] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF Report' }).click(),
    ]);
    const ownPath = `.tmp/e2e-report-${viewport.name}-provider.pdf`;
    await own.saveAs(ownPath);
    expect(readFileSync(ownPath, 'latin1')).toContain(
      `(Provider: ${chosen}   |   Location: All Locations   |   Year: ${year}) Tj`,
    );

    // The workbook prints landscape, one page wide, titles and header on every page, header frozen.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(sheetPath);
    for (const ws of book.worksheets) {
      expect(ws.pageSetup, ws.name).toMatchObject({
        orientation: 'landscape',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: '1:4',
      });
      expect(ws.views[0], ws.name).toMatchObject({ state: 'frozen', ySplit: 4 });
    }
  });
}
