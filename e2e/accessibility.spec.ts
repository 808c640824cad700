import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { ADMIN, signIn } from './helpers';

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the user management tab and its form have no serious accessibility violations', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByRole('button', { name: `Edit ${ADMIN.username}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add New User' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The modal traps focus and closes on Escape.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});
