import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DETAIL_PAGE_SIZE, type PendingFinanceDetailsResponse } from '../common/api/dashboard';
import { readBack } from '../server/test/read-back';
import { axeViolations } from './axe';
import { apiGet, openDashboard } from './dashboard-helpers';
import { ADMIN, apiToken, loadSamples } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// A detail list longer than a page comes a page at a time (docs/screens.md, Detail modal): 130
// pending finance cases, two providers, so the list has two pages of 100 and 30.

const CASES = 130;
const name = (i: number) => `Pager${String(i).padStart(3, '0')} Tester`;

/** A Full Arch Report in which every patient is presented and pending finance. */
function report(): string {
  const lines = ['Patient,Date,Proc Code,Provider'];
  for (let i = 1; i <= CASES; i++) {
    const provider = i % 2 ? 'Dr Adams' : 'Dr Baker';
    lines.push(`${name(i)},3/2/2026,D0150,${provider}`);
    lines.push(`${name(i)},3/2/2026,FA-PRES-MAX,${provider}`);
    lines.push(`${name(i)},3/9/2026,FA-PF-MAX,${provider}`);
  }
  return `${lines.join('\n')}\n`;
}

let token: string;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  token = await apiToken(request, ADMIN.username, ADMIN.password);
  const response = await request.post('/api/import/raw-data', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'pending.csv', mimeType: 'text/csv', buffer: Buffer.from(report()) },
      replace: 'true',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
});

// Every other spec finds the sample data as it expects.
test.afterAll(async ({ request }) => {
  await loadSamples(request);
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a long list pages through, keeps its page across a patient and Back, and exports whole', async ({
      page,
      request,
    }) => {
      const whole = await apiGet<PendingFinanceDetailsResponse>(
        request,
        token,
        '/api/dashboard/pending-finance-details',
      );
      const names = whole.cases.map((c) => c.patient_name);
      expect(names).toHaveLength(CASES);

      await openDashboard(page);
      await page.getByRole('button', { name: /^Show pending finance cases for all providers \(/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Pending Finance Cases: All Providers' });
      const rows = dialog.locator('tbody tr');
      await expect(rows).toHaveCount(DETAIL_PAGE_SIZE);
      await expect(rows.first()).toContainText(names[0]);
      // The summary speaks of the whole list; the status line of the page.
      await expect(dialog).toContainText(`${CASES} cases`);
      await expect(dialog.getByRole('status')).toHaveText(`Rows 1–100 of ${CASES}`);
      expect(await axeViolations(page)).toEqual([]);

      const pages = dialog.getByRole('navigation', { name: 'Detail list pages' });
      await pages.getByRole('button', { name: 'Next page' }).click();
      await expect(rows).toHaveCount(CASES - DETAIL_PAGE_SIZE);
      await expect(dialog.getByRole('status')).toHaveText(`Rows 101–${CASES} of ${CASES}`);
      await expect(rows.first()).toContainText(names[DETAIL_PAGE_SIZE]);
      await expect(rows.last()).toContainText(names[CASES - 1]);
      await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveURL(/details_page=2/);
      // Nothing of the page is cut off at this width.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      // A name on page 2 opens the patient; Back returns to page 2 of the list.
      const patient = names[DETAIL_PAGE_SIZE + 1];
      await dialog.getByRole('button', { name: patient, exact: true }).click();
      await expect(page).toHaveURL(/\/patient-lookup/);
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(patient);
      await page.goBack();
      const again = page.getByRole('dialog', { name: 'Pending Finance Cases: All Providers' });
      await expect(again.getByRole('status')).toHaveText(`Rows 101–${CASES} of ${CASES}`);
      await expect(again.getByRole('button', { name: patient, exact: true })).toBeVisible();

      // Back to the first page with the keyboard, from the page buttons.
      await again.getByRole('button', { name: 'Page 1' }).focus();
      await page.keyboard.press('Enter');
      await expect(again.getByRole('status')).toHaveText(`Rows 1–100 of ${CASES}`);

      // The export is the whole list, not the page shown.
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        again.getByRole('button', { name: 'Export to Excel' }).click(),
      ]);
      const path = `.tmp/e2e-detail-pages-${viewport.name}.xlsx`;
      await file.saveAs(path);
      const sheet = (await readBack(readFileSync(path))).worksheets[0];
      expect(sheet.getCell(4, 1).value).toBe('Patient Name');
      expect(sheet.rowCount).toBe(4 + CASES);

      // Closing the list takes its page out of the address.
      await again.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page).not.toHaveURL(/details/);
    });
  });
}
