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
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
}

/** The serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
