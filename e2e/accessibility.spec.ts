import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, createUser, loadSamples, openTab, signIn } from './helpers';

// No axe violation at all (WCAG 2.1 A/AA and best practices) on every screen: the sign-in page,
// every tab, and every kind of dialog and menu, at a desktop and a phone width.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

async function expectClean(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
}

for (const { name, width } of [
  { name: 'desktop', width: 1280 },
  { name: 'phone', width: 390 },
]) {
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

    test('every tab', async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await expect(page.getByRole('table', { name: 'Consult Overview' })).toBeVisible();
      await expectClean(page, 'Dashboard');

      await openTab(page, 'Follow-ups');
      await expect(page.getByRole('heading', { name: 'Follow-ups', level: 2 })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      await expectClean(page, 'Follow-ups');

      await openTab(page, 'Patient Lookup');
      const search = page.getByRole('combobox', { name: 'Search patients' });
      await search.fill('smi');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectClean(page, 'Patient Lookup with the suggestions open');
      await page.getByRole('option').first().click();
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toBeVisible();
      await expectClean(page, 'Patient Lookup with a patient');

      await openTab(page, 'Data Import');
      await expect(page.getByRole('heading', { name: 'Import History' })).toBeVisible();
      await expectClean(page, 'Data Import');

      await openTab(page, 'Configuration');
      await expect(page.getByRole('heading', { name: 'Code Mappings' })).toBeVisible();
      await expectClean(page, 'Configuration');

      await openTab(page, 'User Management');
      await expect(page.getByRole('button', { name: `Edit ${ADMIN.username}` })).toBeVisible();
      await expectClean(page, 'User Management');
    });

    test('every kind of dialog and menu', async ({ page, request }) => {
      const other = await createUser(request, { role: 'manager' });
      await signIn(page, ADMIN.username, ADMIN.password);
      await expect(page.getByRole('table', { name: 'Consult Overview' })).toBeVisible();

      // A select's options.
      await page.getByRole('combobox', { name: 'Provider' }).click();
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectClean(page, 'the Provider options');
      await page.keyboard.press('Escape');

      // A detail list.
      await page
        .getByRole('table', { name: 'Consult Overview' })
        .getByRole('button', { name: /^Show/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
      await expectClean(page, 'a detail list');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      if (width < 768) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectClean(page, 'the phone menu');
        await page.keyboard.press('Escape');
      }

      await openTab(page, 'Configuration');
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectClean(page, 'delete a code mapping');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();

      await openTab(page, 'User Management');
      await page.getByRole('button', { name: 'Add New User' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
      await expectClean(page, 'the user form');
      // The form traps focus and closes on Escape.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByRole('button', { name: `Delete ${other.username}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectClean(page, 'delete a user');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    });
  });
}
