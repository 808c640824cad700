import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, createUser, loadSamples, openTab, signIn } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// No axe violation at all (WCAG 2.1 A/AA and best practices) on every screen: the sign-in page,
// every tab, and every kind of dialog and menu, at a desktop and a phone width.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** `within`: only what a step opened (the page behind it has its own test), see axeViolations. */
async function expectClean(page: Page, what: string, within?: string) {
  expect(await axeViolations(page, within), what).toEqual([]);
}

const DIALOG = '[role="dialog"]';
const MENU = '[role="menu"]';
const OPTIONS = '[role="listbox"]';

for (const { name, width } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the sign-in and reset screens', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      await expectClean(page, 'sign-in');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
      await expectClean(page, 'reset request');
    });

    const TABS: { tab: string; ready: (page: Page) => Locator }[] = [
      { tab: 'Dashboard', ready: (page) => page.getByRole('table', { name: 'Consult Overview' }) },
      { tab: 'Follow-ups', ready: (page) => page.getByRole('group', { name: 'Stages' }) },
      { tab: 'Data Import', ready: (page) => page.getByRole('heading', { name: 'Import History' }) },
      { tab: 'Configuration', ready: (page) => page.getByRole('heading', { name: 'Code Mappings' }) },
      {
        tab: 'User Management',
        ready: (page) => page.getByRole('button', { name: `Edit ${ADMIN.username}` }),
      },
    ];
    for (const { tab, ready } of TABS)
      test(`the ${tab} tab`, async ({ page }) => {
        await signIn(page, ADMIN.username, ADMIN.password);
        await openTab(page, tab);
        await expect(ready(page)).toBeVisible();
        await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
        await expectClean(page, tab);
      });

    test('the Patient Lookup tab, its suggestions and a patient', async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'Patient Lookup');
      await page.getByRole('combobox', { name: 'Search patients' }).fill('smi');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectClean(page, 'Patient Lookup with the suggestions open', OPTIONS);
      await page.getByRole('option').first().click();
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toBeVisible();
      await expectClean(page, 'Patient Lookup with a patient');
    });

    // One test per kind, so each stays well within the time a test has even on a busy machine.
    test("a select's options and a detail list", async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await expect(page.getByRole('table', { name: 'Consult Overview' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Provider' }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectClean(page, 'the Provider options', OPTIONS);
      await page.keyboard.press('Escape');

      await page
        .getByRole('table', { name: 'Consult Overview' })
        .getByRole('button', { name: /^Show/ })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
      await expectClean(page, 'a detail list', DIALOG);
    });

    test('the menus: the user menu, and the tabs menu on a phone', async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.getByRole('button', { name: /^Welcome, admin/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectClean(page, 'the user menu', MENU);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      if (width < 768) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectClean(page, 'the tabs menu', MENU);
      }
    });

    test('the change password dialog', async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.getByRole('button', { name: /^Welcome, admin/ }).click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectClean(page, 'change password', DIALOG);
    });

    test('deleting a code mapping', async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'Configuration');
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectClean(page, 'delete a code mapping', DIALOG);
    });

    test('the user form and deleting a user', async ({ page, request }) => {
      const other = await createUser(request, { role: 'manager' });
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'User Management');
      await page.getByRole('button', { name: 'Add New User' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
      await expectClean(page, 'the user form', DIALOG);
      // The form traps focus and closes on Escape.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByRole('button', { name: `Delete ${other.username}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectClean(page, 'delete a user', DIALOG);
    });
  });
}
