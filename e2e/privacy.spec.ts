import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ConsultDetailsResponse, ConsultOverview } from '../common/api/dashboard';
import type { LookupResponse } from '../common/api/patients';
import { axeViolations } from './axe';
import { apiGet, consultCells, defaultYear } from './dashboard-helpers';
import { ADMIN, apiToken, createUser, loadSamples, openTab, signIn } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// "Providers see their own" (docs/behaviour.md section 14) against the real server and the sample
// data: the admin's switch in User Management, then what a provider account sees with it on. The
// specs share one database, so the setting is turned off again after each test.

const OWN = 'Dr. Sarah Chen';
const OTHER = 'Dr. Michael Rodriguez';

let admin: string;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  admin = await apiToken(request, ADMIN.username, ADMIN.password);
});

async function setOwnOnly(request: APIRequestContext, on: boolean) {
  const response = await request.put('/api/config/privacy', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { providers_see_own_only: on },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.afterEach(async ({ request }) => {
  await setOwnOnly(request, false);
});

/** A patient of another provider only: no procedure or appointment of theirs names OWN. */
async function otherProvidersPatient(request: APIRequestContext, year: number): Promise<string> {
  const { details } = await apiGet<ConsultDetailsResponse>(
    request,
    admin,
    `/api/dashboard/consult-details/consults_won?year=${year}&provider=${encodeURIComponent(OTHER)}`,
  );
  for (const { patient_name } of details) {
    const { data } = await apiGet<LookupResponse>(
      request,
      admin,
      `/api/patient/lookup?name=${encodeURIComponent(patient_name)}`,
    );
    const providers = [...data.procedures, ...data.future_appointments].map((row) => row.provider);
    if (!providers.includes(OWN)) return patient_name;
  }
  throw new Error(`no patient of ${OTHER} alone in ${year}`);
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('an admin turns it on, and a provider then sees only their own patients', async ({
      page,
      request,
    }) => {
      const provider = await createUser(request, { role: 'provider', provider_name: OWN });
      const year = await defaultYear(request, admin);
      const stranger = await otherProvidersPatient(request, year);

      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'User Management');
      const privacy = page.getByRole('region', { name: 'Privacy' });
      const toggle = privacy.getByRole('switch', { name: 'Providers see only their own patients' });
      await expect(toggle).not.toBeChecked();
      await toggle.check();
      await expect(privacy.getByRole('status')).toHaveText(
        'Saved: providers now see only their own patients.',
      );
      await expect(toggle).toBeChecked();
      // The card that changed; the whole tab has its own check (e2e/accessibility.spec.ts).
      expect(await axeViolations(page, 'section[aria-labelledby="privacy-title"]'), 'Privacy').toEqual([]);

      await signOut(page);
      await signIn(page, provider.username, provider.password);
      await expect(page.getByText(`You see your own patients only (${OWN}).`)).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveCount(0);
      // The figures are the admin's view of that provider.
      const mine = await apiGet<ConsultOverview>(
        request,
        admin,
        `/api/dashboard/consult-overview?year=${year}&provider=${encodeURIComponent(OWN)}`,
      );
      const table = page.getByRole('table', { name: 'Consult Overview' });
      await expect(table.getByRole('row')).toHaveCount(mine.providers.length + 2);
      await expect(
        table.getByRole('row').filter({ hasText: 'Consults YTD Total' }).getByRole('cell'),
      ).toHaveText(consultCells(mine.totals, page));
      await expect(table.getByRole('row').filter({ hasText: OTHER })).toHaveCount(0);
      expect(await axeViolations(page), 'Dashboard').toEqual([]);

      await openTab(page, 'Follow-ups');
      await expect(page.getByText(`You see your own patients only (${OWN}).`)).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveCount(0);

      // Another provider's patient is neither suggested nor found.
      await openTab(page, 'Patient Lookup');
      const search = page.getByRole('combobox', { name: 'Search patients' });
      await search.fill(stranger);
      await expect(page.getByText('No matching patients')).toBeVisible();
      await search.press('Enter');
      await expect(page.getByRole('alert')).toContainText('Patient not found');

      // The page never scrolls sideways.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);
    });

    test('a provider account with no provider name is told why there are no figures', async ({
      page,
      request,
    }) => {
      const provider = await createUser(request, { role: 'provider' });
      await setOwnOnly(request, true);
      await signIn(page, provider.username, provider.password);
      await expect(
        page.getByText(
          'Your account has no provider name, so there are no figures to show. Ask an admin to set it under User Management.',
        ),
      ).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveCount(0);
      expect(await axeViolations(page), 'Dashboard with no provider name').toEqual([]);
    });
  });
}
