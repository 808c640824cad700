import { expect, type Page } from '@playwright/test';

/**
 * Shows the Follow-ups filters: on a phone (below 768 px) they wait behind the `Filters` button,
 * whose name says how many are set; on a desktop they are always in view, and this only waits for
 * them.
 */
export async function openFilters(page: Page) {
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) {
    const button = page.getByRole('button', { name: /^Filters\b/ });
    await expect(button).toBeVisible();
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(page.getByRole('switch', { name: 'Include snoozed' })).toBeVisible();
}
