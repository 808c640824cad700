import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the tabs are a hamburger menu', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toBeHidden();

  const burger = page.getByRole('button', { name: 'Open navigation' });
  await burger.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');

  // Choosing a tab closes the menu and opens the tab.
  await menu.getByRole('menuitem', { name: 'User Management' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  // A click outside closes it too, leaving the tab as it was.
  await burger.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.mouse.click(300, 700);
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
});
