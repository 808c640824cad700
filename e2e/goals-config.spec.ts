import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Goal, GoalProgressResponse, GoalsResponse } from '../common/api/goals';
import { axeViolations } from './axe';
import { ADMIN, apiToken, createUser, loadSamples, signIn } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// The Goals card of the Configuration tab (docs/behaviour.md section 16) against the real server
// and the sample data. The specs share one database: each test starts from a year without goals
// and puts back what the year had.

const PROVIDER = 'Dr. Sarah Chen';
const YEAR = new Date().getFullYear();
const twelve = (n: number) => Array<number>(12).fill(n);

let admin: string;
let before: Goal[] = [];

async function yearGoals(request: APIRequestContext): Promise<Goal[]> {
  const response = await request.get(`/api/config/goals?year=${YEAR}`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as GoalsResponse).goals;
}

async function setYearGoals(request: APIRequestContext, goals: Goal[]) {
  const response = await request.put('/api/config/goals', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { year: YEAR, goals },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  admin = await apiToken(request, ADMIN.username, ADMIN.password);
});

test.beforeEach(async ({ request }) => {
  before = await yearGoals(request);
  await setYearGoals(request, []);
});

test.afterEach(async ({ request }) => {
  await setYearGoals(request, before);
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('a manager sets goals, a bad box is marked and nothing saved, and the saved goals are kept', async ({
      page,
      request,
    }) => {
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await openTab(page, 'Configuration');
      const card = page.getByRole('region', { name: 'Goals' });
      await expect(card.getByRole('combobox', { name: 'Year' })).toHaveValue(String(YEAR));
      await expect(card.getByText(`No goals for ${YEAR}.`)).toBeVisible();

      // The providers of the data are offered.
      const name = card.getByRole('combobox', { name: 'Add provider' });
      await name.fill('sarah');
      const option = page.getByRole('option', { name: PROVIDER });
      await expect(option).toBeVisible();
      await option.click();
      await expect(name).toHaveValue(PROVIDER);
      await card.getByRole('button', { name: 'Add provider' }).click();
      const consults = card.getByRole('textbox', { name: `${PROVIDER} Consults every month` });
      await expect(consults).toBeFocused();

      // A count that is not whole, and a month-by-month goal with only March filled.
      await consults.fill('2.5');
      await card
        .getByRole('radiogroup', { name: `${PROVIDER} Arch value: how the goal is set` })
        .getByText('Month by month')
        .click();
      const month = (m: string) => card.getByRole('textbox', { name: `${PROVIDER} Arch value ${m}` });
      await month('March').fill('$30,000');
      await card.getByRole('button', { name: 'Save Goals' }).click();

      await expect(
        card.getByText('Nothing was saved: correct the marked goals, then save again.'),
      ).toBeVisible();
      await expect(consults).toHaveAttribute('aria-invalid', 'true');
      await expect(consults).toHaveAccessibleDescription('Must be a whole number');
      await expect(consults).toBeFocused();
      await expect(month('January')).toHaveAccessibleDescription('Must be a number');
      await expect(month('December')).toHaveAttribute('aria-invalid', 'true');
      await expect(month('March')).not.toHaveAttribute('aria-invalid', 'true');
      expect(await yearGoals(request)).toEqual([]);
      // The page never scrolls sideways, messages and all.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await consults.fill('12');
      for (const m of ['January', 'February', 'April', 'May', 'June', 'July', 'August', 'September'])
        await month(m).fill('20000');
      for (const m of ['October', 'November', 'December']) await month(m).fill('22500.50');
      await expect(card.getByText('Unsaved changes: Save Goals keeps them.')).toBeVisible();
      await card.getByRole('button', { name: 'Save Goals' }).click();
      await expect(card.getByRole('status')).toHaveText('Goals saved.');
      await expect(card.getByRole('button', { name: 'Save Goals' })).toBeDisabled();
      expect(await yearGoals(request)).toEqual([
        { provider: PROVIDER, metric: 'consults', months: twelve(12) },
        {
          provider: PROVIDER,
          metric: 'arch_value',
          months: [20000, 20000, 30000, 20000, 20000, 20000, 20000, 20000, 20000, 22500.5, 22500.5, 22500.5],
        },
      ]);
      expect(await axeViolations(page, 'section[aria-labelledby="goals-title"]')).toEqual([]);

      await page.reload();
      await openTab(page, 'Configuration');
      await expect(consults).toHaveValue('12');
      await expect(month('March')).toHaveValue('30,000');
      await expect(month('December')).toHaveValue('22,500.50');
      await expect(card.getByRole('textbox', { name: `${PROVIDER} Cases won every month` })).toHaveValue('');
    });

    test('a goal changed here moves its percent on the Dashboard', async ({ page, request }) => {
      await setYearGoals(request, [{ provider: PROVIDER, metric: 'consults', months: twelve(50) }]);
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      /** Dr. Sarah Chen's consults as the Dashboard's Goals panel writes them, from the server's figures. */
      const consultsLine = async () => {
        const response = await request.get(`/api/dashboard/goals?year=${YEAR}`, {
          headers: { Authorization: `Bearer ${admin}` },
        });
        const consults = ((await response.json()) as GoalProgressResponse).providers.find(
          (p) => p.provider === PROVIDER,
        )?.consults;
        const percent = consults?.percent ?? 0;
        const word = percent >= 100 ? 'Met' : percent >= 80 ? 'Close' : 'Behind';
        return `Consults${consults?.actual} of ${consults?.goal} · ${percent.toFixed(1)}%${word}`;
      };
      const shown = page
        .getByRole('region', { name: 'Goals' })
        .getByRole('list', { name: PROVIDER, exact: true })
        .getByRole('listitem')
        .first();
      await openTab(page, 'Dashboard');
      const behind = await consultsLine();
      expect(behind).toMatch(/Behind$/);
      await expect(shown).toHaveText(behind);

      await openTab(page, 'Configuration');
      const card = page.getByRole('region', { name: 'Goals' });
      await card.getByRole('textbox', { name: `${PROVIDER} Consults every month` }).fill('1');
      await card.getByRole('button', { name: 'Save Goals' }).click();
      await expect(card.getByRole('status')).toHaveText('Goals saved.');

      await openTab(page, 'Dashboard');
      const met = await consultsLine();
      expect(met).toMatch(/Met$/);
      await expect(shown).toHaveText(met);
    });

    test('a provider sees the goals read-only, with the reason', async ({ page, request }) => {
      await setYearGoals(request, [{ provider: PROVIDER, metric: 'won', months: twelve(3) }]);
      const provider = await createUser(request, { role: 'provider', provider_name: PROVIDER });
      await signIn(page, provider.username, provider.password);
      await openTab(page, 'Configuration');
      const card = page.getByRole('region', { name: 'Goals' });
      const won = card.getByRole('textbox', { name: `${PROVIDER} Cases won every month` });
      await expect(won).toHaveValue('3');
      await expect(won).not.toBeEditable();
      await expect(card.getByText('Only managers and admins can change goals.')).toBeVisible();
      await expect(card.getByText('No goal', { exact: true })).toHaveCount(2);
      await expect(card.getByRole('button', { name: /Save|Add|Copy|Remove/ })).toHaveCount(0);
      await expect(card.getByRole('combobox', { name: 'Add provider' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await axeViolations(page, 'section[aria-labelledby="goals-title"]')).toEqual([]);
    });
  });
}
