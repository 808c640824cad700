import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, apiToken, createUser, loadSamples, signIn, uniqueName } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// Accounts (docs/screens.md, User Management and section 2): a provider account may be saved
// without a provider name, with a warning saying what that means; and a manager who asks for
// User Management's address is told why the Dashboard opened instead.

const NO_NAME = 'This provider will see no figures until a provider name is set';
const NO_NAME_YET =
  "This provider will see no figures until a provider name is set, once providers see only their own patients; until then they see every provider's figures";
const ADMINS_ONLY = 'User Management is for admins only';

async function setOwnOnly(request: APIRequestContext, on: boolean) {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const response = await request.put('/api/config/privacy', {
    headers: { Authorization: `Bearer ${token}` },
    data: { providers_see_own_only: on },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

// With data, so the Provider Name box has suggestions to offer.
test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

// The specs share one database: the setting goes back to its default after each test.
test.afterEach(async ({ request }) => {
  await setOwnOnly(request, false);
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a provider account without a provider name is warned about, and saved', async ({
      page,
      request,
    }) => {
      await setOwnOnly(request, true);
      const username = uniqueName('noname');
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'User Management');
      await page.getByRole('button', { name: 'Add New User' }).click();
      const form = page.getByRole('dialog', { name: 'Add New User' });
      await form.getByLabel('Username').fill(username);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-pass');
      await expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue('Provider');

      // Under the empty box, read with it; a warning, not an error.
      const box = form.getByRole('combobox', { name: 'Provider Name' });
      await expect(box).toHaveValue('');
      await expect(form.getByText(NO_NAME, { exact: true })).toBeVisible();
      await expect(box).toHaveAccessibleDescription(new RegExp(NO_NAME));
      await expect(box).not.toHaveAttribute('aria-invalid', 'true');
      // A name makes it go; emptied again, it is back.
      await box.fill('Dr. Sarah Chen');
      await expect(form.getByText(NO_NAME)).toHaveCount(0);
      await box.fill('');
      await expect(form.getByText(NO_NAME, { exact: true })).toBeVisible();
      // Leaving the box closes its suggestions, which would lie over the buttons.
      await box.press('Tab');
      await expect(page.getByRole('listbox')).toBeHidden();

      await form.getByRole('button', { name: 'Add User' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(username, { exact: true }).first()).toBeVisible();

      // While providers see every patient, the warning says what holds now and what would.
      await page.getByRole('switch', { name: 'Providers see only their own patients' }).uncheck();
      await expect(page.getByText('Saved: providers see every patient.')).toBeVisible();
      await page.getByRole('button', { name: `Edit ${username}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit User' });
      await expect(edit.getByRole('combobox', { name: 'Provider Name' })).toHaveValue('');
      await expect(edit.getByText(NO_NAME_YET, { exact: true })).toBeVisible();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
    });

    test('a manager asking for User Management is told why the Dashboard opened', async ({
      page,
      request,
    }) => {
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await page.goto('/users');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard Filters' })).toBeVisible();
      const note = page.getByRole('status').filter({ hasText: ADMINS_ONLY });
      await expect(note).toHaveText(ADMINS_ONLY);
      await expect(note).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      // Another tab ends it; an admin is never told.
      await openTab(page, 'Patient Lookup');
      await expect(page.getByText(ADMINS_ONLY)).toHaveCount(0);
      await openTab(page, 'Dashboard');
      await expect(page.getByText(ADMINS_ONLY)).toHaveCount(0);
    });
  });
}
