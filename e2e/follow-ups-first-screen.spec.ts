import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import type { WorklistResponse } from '../common/api/worklist';
import { FINANCING_APPROVED } from '../web/features/follow-ups/words';
import { axeViolations } from './axe';
import { apiGet } from './dashboard-helpers';
import { openFilters } from './follow-ups-helpers';
import { ADMIN, apiToken, createUser, loadSamples, pageToken, signIn } from './helpers';
import { openTab } from './layout-helpers';

// The Follow-ups tab's first screen (docs/screens.md, Follow-ups) against the real server and the
// sample data, at a laptop's and a phone's size: patients show without scrolling, nothing scrolls
// sideways, a coordinator opens on her own cases, and approved financing is called out and sorts
// first.

const SCREENS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The list's rows (or, on a phone, cards). */
const rows = (page: Page): Locator =>
  isPhone(page)
    ? page.getByRole('list', { name: 'Stalled Cases' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Stalled Cases' }).locator('tbody tr');

const worklist = (request: APIRequestContext, token: string, query = '') =>
  apiGet<WorklistResponse>(request, token, `/api/worklist${query}`);

/** Writes one activity as the admin; its id, to take it back. */
async function record(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const response = await request.post('/api/patient/activity', {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { activity: { id: number } }).activity.id;
}

async function remove(request: APIRequestContext, id: number) {
  const token = await apiToken(request, ADMIN.username, ADMIN.password);
  const response = await request.delete(`/api/patient/activity/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** How far the page and the list's table scroll sideways (0 when they do not). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector<HTMLElement>('[role="group"][aria-label="Stalled Cases"]');
    const boxes = [document.documentElement, ...(table ? [table] : [])];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

for (const screen of SCREENS) {
  test.describe(`at ${screen.name} size`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('a coordinator opens on her own cases, the first of them on the first screen', async ({
      page,
      request,
    }) => {
      const coordinator = await createUser(request, { role: 'coordinator' });
      const everyone = await worklist(request, await apiToken(request, ADMIN.username, ADMIN.password));
      const assigned = everyone.patients.slice(0, 3).map((p) => p.patient_name);
      if (assigned.length < 3) throw new Error('The sample data has too few stalled cases');
      for (const name of assigned)
        await record(request, { patient_name: name, kind: 'assign', assigned_to: coordinator.username });

      await signIn(page, coordinator.username, coordinator.password);
      await openTab(page, 'Follow-ups');
      await expect(rows(page)).toHaveCount(assigned.length);
      const mine = await worklist(request, await pageToken(page), '?assigned_to=me');
      expect(mine.patients.map((p) => p.patient_name).sort()).toEqual([...assigned].sort());
      await expect(rows(page).first()).toContainText(mine.patients[0].patient_name);
      // Nothing scrolled: the first patient is whole on the first screen.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(rows(page).first()).toBeInViewport({ ratio: 1 });
      // The address stays bare: Me is where a coordinator starts.
      await expect(page).toHaveURL(/\/follow-ups$/);
      if (isPhone(page)) await expect(page.getByRole('button', { name: 'Filters · 1 active' })).toBeVisible();
      await openFilters(page);
      const assignedTo = page.getByRole('combobox', { name: 'Assigned to' });
      await expect(assignedTo).toHaveValue('Me');
      expect(await axeViolations(page)).toEqual([]);

      // Everyone is a choice the address keeps, through a reload.
      await assignedTo.click();
      await page.getByRole('option', { name: 'Everyone', exact: true }).click();
      await expect(page).toHaveURL(/assigned=everyone/);
      await expect(page.getByText(`${everyone.total} patients`, { exact: true })).toBeVisible();
      await page.reload();
      await openFilters(page);
      await expect(page.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Everyone');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    });

    test('a manager sees patients on the first screen, and a screen of rows holds many', async ({
      page,
      request,
    }) => {
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await openTab(page, 'Follow-ups');
      const answer = await worklist(request, await pageToken(page));
      await expect(rows(page)).toHaveCount(answer.patients.length);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(rows(page).first()).toBeInViewport({ ratio: 1 });
      // The stage cards are above the list, each still a toggle with its count.
      const stages = page.getByRole('group', { name: 'Stages' });
      await expect(stages.getByRole('button')).toHaveCount(5);
      await expect(stages).toBeInViewport({ ratio: 1 });
      // No sideways scroll: not the page, not the table inside its card.
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      if (!isPhone(page)) {
        // With the list scrolled to its first row, one window holds 15 or more rows.
        await rows(page)
          .first()
          .evaluate((row) => row.scrollIntoView({ block: 'start' }));
        const whole = await rows(page).evaluateAll(
          (all) =>
            all.filter((row) => {
              const box = row.getBoundingClientRect();
              return box.top >= 0 && box.bottom <= window.innerHeight;
            }).length,
        );
        expect(whole).toBeGreaterThanOrEqual(15);
      }
    });

    test('approved financing says so in its row, and sorts first on request', async ({ page, request }) => {
      const manager = await createUser(request, { role: 'manager' });
      const before = await worklist(request, await apiToken(request, ADMIN.username, ADMIN.password));
      // Far down the list, so sorting by it visibly moves it.
      const patient = before.patients.at(-1);
      if (!patient || before.patients.length < 5)
        throw new Error('The sample data has too few stalled cases');
      const name = patient.patient_name;
      const id = await record(request, {
        patient_name: name,
        kind: 'financing',
        lender: 'Acme Lending',
        financing_status: 'approved',
        amount: 12000,
      });
      try {
        await signIn(page, manager.username, manager.password);
        await openTab(page, 'Follow-ups');
        const row = rows(page).filter({ has: page.getByRole('button', { name, exact: true }) });
        await expect(row).toContainText(FINANCING_APPROVED);
        await expect(rows(page).filter({ hasText: FINANCING_APPROVED })).toHaveCount(
          (await worklist(request, await pageToken(page))).patients.filter(
            (p) => p.financing?.financing_status === 'approved',
          ).length,
        );

        await page.getByRole('combobox', { name: 'Sort' }).click();
        await page.getByRole('option', { name: 'Financing approved first', exact: true }).click();
        await expect(page).toHaveURL(/sort=approved/);
        const sorted = await worklist(request, await pageToken(page), '?sort=approved');
        expect(sorted.patients[0].financing?.financing_status).toBe('approved');
        await expect(rows(page).first()).toContainText(sorted.patients[0].patient_name);
        await expect(rows(page).first()).toContainText(FINANCING_APPROVED);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await remove(request, id);
      }
    });
  });
}

test.describe('at desktop size with a case open', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the list beside the case keeps Phone and Last Contact, and does not scroll sideways', async ({
    page,
    request,
  }) => {
    const manager = await createUser(request, { role: 'manager' });
    await signIn(page, manager.username, manager.password);
    await openTab(page, 'Follow-ups');
    const first = (await worklist(request, await pageToken(page))).patients[0];
    await rows(page).first().getByRole('button', { name: first.patient_name, exact: true }).click();
    const panel = page.getByRole('region', { name: `Case: ${first.patient_name}` });
    await expect(panel.getByRole('button', { name: 'Call', exact: true })).toBeVisible();
    const headers = page.getByRole('table', { name: 'Stalled Cases' }).getByRole('columnheader');
    await expect(headers).toHaveText([
      'Patient Name',
      'Phone',
      'Stage',
      'Days Waiting',
      'Assigned To',
      'Last Contact',
      'Next Follow-up',
    ]);
    for (const name of ['Phone', 'Last Contact'])
      await expect(headers.filter({ hasText: name })).toBeInViewport({ ratio: 1 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
