import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

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
