import { expect, type Locator, type Page, test } from '@playwright/test';
import { openDashboard } from './dashboard-helpers';
import { ADMIN, apiToken, createUser, loadSamples, openTab, signIn, uniqueName } from './helpers';

// On a phone (390 px) the page never scrolls sideways: a wide table scrolls inside its own card,
// its header row with it (docs/screens.md, Configuration and Dashboard). And the audit log keeps
// each username whole at every width: it breaks only at a space, never inside a word ('admi n').

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const PHONE = { width: 390, height: 844 };

/** The page is no wider than the window: nothing makes it scroll sideways. */
async function expectNoSidewaysPageScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The table's header row is drawn, and the table scrolls (if at all) inside its own box. */
async function expectScrollsInItsBox(table: Locator, header: string) {
  await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const inBox = await table.evaluate((el) => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (/(auto|scroll|hidden)/.test(style.overflowX)) return box.clientWidth <= window.innerWidth;
    }
    return el.getBoundingClientRect().right <= window.innerWidth;
  });
  expect(inBox).toBe(true);
}

test.describe('at a phone width (390 x 844)', () => {
  test.use({ viewport: PHONE });

  test('the Dashboard does not scroll sideways, the Consult Overview scrolling in its card', async ({
    page,
  }) => {
    await openDashboard(page);
    const overview = page.getByRole('table', { name: 'Consult Overview' });
    await expect(page.getByRole('status').filter({ hasText: 'Variance' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Monthly Trends' })).toBeVisible();
    await expectScrollsInItsBox(overview, 'Provider Name');
    await expectNoSidewaysPageScroll(page);
    // Every panel drawn, down to the last one.
    await page.getByRole('table', { name: 'Pending Finance Cases' }).scrollIntoViewIfNeeded();
    await expectNoSidewaysPageScroll(page);
  });

  test('Configuration does not scroll sideways, its tables scrolling in their cards, editing too', async ({
    page,
  }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await openTab(page, 'Configuration');
    const mappings = page.getByRole('group', { name: 'Code mappings' }).getByRole('table');
    await expect(mappings.getByRole('cell', { name: 'D0150', exact: true })).toBeVisible();
    const values = page.getByRole('group', { name: 'Mapping values' }).getByRole('table');
    await expect(values.getByRole('row').nth(1)).toBeVisible();
    await expectScrollsInItsBox(mappings, 'Procedure Code');
    await expectScrollsInItsBox(values, 'Procedure Status');
    await expectNoSidewaysPageScroll(page);

    // A row being edited, and the add row's messages, stay in the card too.
    await mappings.getByRole('button', { name: 'Edit D0150' }).click();
    await expect(mappings.getByRole('textbox', { name: 'Procedure code for D0150' })).toBeVisible();
    await expectNoSidewaysPageScroll(page);
    await mappings.getByRole('button', { name: 'Cancel editing D0150' }).click();
    await mappings.getByRole('button', { name: 'Add code mapping' }).click();
    await expect(mappings.getByText('Procedure code and label are required')).toBeVisible();
    await expectNoSidewaysPageScroll(page);
  });
});

/** How many lines `text` takes where it is written inside `where` (1: it is not broken). */
function linesOf(where: Locator, text: string): Promise<number> {
  return where.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const whole = nodes.map((n) => n.data).join('');
    const start = whole.indexOf(wanted);
    if (start < 0) throw new Error(`'${wanted}' is not in '${whole}'`);
    const end = start + wanted.length;
    const range = document.createRange();
    let offset = 0;
    for (const node of nodes) {
      const next = offset + node.data.length;
      if (start >= offset && start <= next) range.setStart(node, start - offset);
      if (end >= offset && end <= next) {
        range.setEnd(node, end - offset);
        break;
      }
      offset = next;
    }
    const tops = new Set(
      [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
    );
    return tops.size;
  }, text);
}

test.describe('the audit log keeps usernames whole', () => {
  for (const viewport of [PHONE, { width: 800, height: 844 }, { width: 1280, height: 900 }]) {
    test(`at ${viewport.width} px`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      // A long name with hyphens: the kind a narrow column used to break, at a hyphen or mid-word.
      const user = await createUser(request, {
        username: uniqueName('front-desk-administrator'),
        role: 'manager',
      });
      await apiToken(request, user.username, user.password);
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'User Management');
      const log = page.getByRole('region', { name: 'Audit Log' });
      // On a phone each event is a card, the user on a line '{user} · IP {ip}'; wider, a row of the
      // table with a User cell.
      const phone = viewport.width < 768;
      const shownAs = (name: string) =>
        phone
          ? log.getByRole('listitem').getByText(`${name} · IP`, { exact: false })
          : log.getByRole('cell', { name, exact: true });
      await expect(shownAs(user.username).first()).toBeVisible();
      for (const name of [user.username, 'admin']) {
        const places = (await shownAs(name).all()).slice(0, 5);
        expect(places.length).toBeGreaterThan(0);
        // Polled: the log refreshes as events arrive, and a row caught mid-render is not what the user sees.
        for (const place of places) {
          await expect
            .poll(async () => `${await linesOf(place, name)} line(s) in '${await place.textContent()}'`, {
              message: name,
            })
            .toMatch(/^1 line\(s\)/);
        }
      }
      await expectNoSidewaysPageScroll(page);
    });
  }
});
