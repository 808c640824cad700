import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Lets the page settle first: a modal or menu fading in is half transparent for a moment, and
 * axe would measure its text's contrast mid-fade (a failure seen once in a loaded run).
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // A transition starts on the frame after the element appears: wait for it to begin.
    await frame();
    await frame();
    // A loader's spin or a skeleton's pulse never finishes: only transitions that end are waited for.
    const ending = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Every axe violation on the page as it is now, of every impact: WCAG 2.1 A and AA and axe's best
 * practices (unique landmarks, all content inside a landmark, one main heading).
 */
export async function axeViolations(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}
