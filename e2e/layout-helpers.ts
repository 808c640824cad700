import { expect, type Locator, type Page } from '@playwright/test';

/** The two widths the layout specs check: a desktop and a phone (below the 768 px tab-bar break). */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Opens a tab from the tab bar, or from the hamburger menu on a phone. */
export async function openTab(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 768) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name }).click();
  } else {
    await page.getByRole('tab', { name }).click();
  }
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on the page`);
  return found;
}

/** The distance in pixels between two elements' boxes: 0 when they touch or overlap. */
export async function gapBetween(a: Locator, b: Locator): Promise<number> {
  const [p, q] = [await box(a), await box(b)];
  const dx = Math.max(0, p.x - (q.x + q.width), q.x - (p.x + p.width));
  const dy = Math.max(0, p.y - (q.y + q.height), q.y - (p.y + p.height));
  return Math.hypot(dx, dy);
}

/** Whether two elements' boxes share any area. */
export async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [await box(a), await box(b)];
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}
