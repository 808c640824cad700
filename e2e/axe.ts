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
 *
 * `within` (a CSS selector) checks only what a step opened: a dialog, a menu, a list of options.
 * The page behind it has its own check, and scanning a whole dashboard again for each dialog
 * costs seconds of a busy machine's time that a test does not have.
 */
export async function axeViolations(page: Page, within?: string) {
  await settle(page);
  // The app has no frames: axe runs in the page itself, without the blank second page the
  // default mode opens to merge per-frame results, another second or two on a loaded machine.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}
