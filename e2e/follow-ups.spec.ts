import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  STAGE_NAMES,
  STAGES,
  type Stage,
  type Thresholds,
  type WorklistResponse,
} from '../common/api/worklist';
import { cardName } from '../web/features/follow-ups/words';
import { axeViolations } from './axe';
import { apiGet } from './dashboard-helpers';
import { openFilters } from './follow-ups-helpers';
import { createUser, loadSamples, pageToken, signIn } from './helpers';

// The Follow-ups tab (docs/behaviour.md section 12) against the real server and the sample data:
// the cards and rows must be the API's, a name must open the case and from there Patient Lookup,
// and only managers and admins may change the thresholds.

const READ_ONLY_REASON = 'Only managers and admins can change the thresholds.';

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const worklist = (request: APIRequestContext, token: string, query = '') =>
  apiGet<WorklistResponse>(request, token, `/api/worklist${query}`);

async function putThresholds(request: APIRequestContext, token: string, thresholds: Thresholds) {
  const response = await request.put('/api/config/worklist-thresholds', {
    headers: { Authorization: `Bearer ${token}` },
    data: { thresholds },
  });
  return response.status();
}

async function openFollowUps(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name: 'Follow-ups' }).click();
  } else {
    await page.getByRole('tab', { name: 'Follow-ups' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Follow-ups', level: 2 })).toBeVisible();
}

const card = (page: Page, stage: Stage) =>
  page.getByRole('group', { name: 'Stages' }).getByRole('button', { name: `${STAGE_NAMES[stage]}:` });

/** Every card names its stage with the API's count and threshold. */
async function expectCards(page: Page, answer: WorklistResponse) {
  for (const stage of STAGES)
    await expect(card(page, stage)).toHaveAccessibleName(
      cardName(stage, answer.counts[stage], false, answer.thresholds),
    );
}

/** The rows (or, on a phone, the cards) of the list. */
const rows = (page: Page, phone: boolean): Locator =>
  phone
    ? page.getByRole('list', { name: 'Stalled Cases' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Stalled Cases' }).locator('tbody tr');

/** The list shows `count` patients, all of the stage, or says there are none. */
async function expectStageRows(page: Page, phone: boolean, stage: Stage, count: number) {
  if (count === 0) {
    await expect(page.getByText('No stalled cases. Nice work.')).toBeVisible();
    return;
  }
  await expect(rows(page, phone)).toHaveCount(count);
  const stages = phone
    ? rows(page, phone).getByText(STAGE_NAMES[stage], { exact: true })
    : rows(page, phone).locator('td:nth-child(3)');
  await expect(stages).toHaveText(Array.from({ length: count }, () => STAGE_NAMES[stage]));
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
]) {
  const { phone } = viewport;

  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test("shows the API's counts, lists one stage, and opens a patient's case, then Patient Lookup", async ({
      page,
      request,
    }) => {
      const coordinator = await createUser(request, { role: 'manager' });
      await signIn(page, coordinator.username, coordinator.password);
      await openFollowUps(page, phone);
      const answer = await worklist(request, await pageToken(page));
      await expectCards(page, answer);
      await openFilters(page);
      await expect(
        page.getByRole('switch', { name: 'Include patients with an appointment' }),
      ).not.toBeChecked();
      expect(await axeViolations(page)).toEqual([]);

      const stage = STAGES.find((s) => answer.counts[s] > 0);
      if (!stage) throw new Error('The sample data has no stalled case today');
      await card(page, stage).click();
      await expect(card(page, stage)).toHaveAttribute('aria-pressed', 'true');
      await expectStageRows(page, phone, stage, answer.counts[stage]);
      // Other stages keep their counts while one is listed.
      await expectCards(page, answer);
      expect(await axeViolations(page)).toEqual([]);

      const first = (await worklist(request, await pageToken(page), `?stage=${stage}`)).patients[0];
      await rows(page, phone).first().getByRole('button', { name: first.patient_name, exact: true }).click();
      await page.getByRole('button', { name: 'Open in Patient Lookup' }).click();
      await expect(page.getByRole('heading', { name: 'Patient Lookup', level: 2 })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Search patients' })).toHaveValue(first.patient_name);
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(first.patient_name);

      // Back on Follow-ups the stage is still chosen, and the case left open is open again.
      await openFollowUps(page, phone);
      if (phone) {
        await expect(page.getByRole('dialog', { name: `Case: ${first.patient_name}` })).toBeVisible();
        await page.keyboard.press('Escape');
      }
      await expect(card(page, stage)).toHaveAttribute('aria-pressed', 'true');
      await card(page, stage).click();
      await expect(card(page, stage)).toHaveAttribute('aria-pressed', 'false');
    });

    test('a manager changes a threshold and the list follows', async ({ page, request }) => {
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await openFollowUps(page, phone);
      const token = await pageToken(page);
      const before = await worklist(request, token);
      const stage = STAGES.find((s) => before.counts[s] > 0);
      if (!stage) throw new Error('The sample data has no stalled case today');
      await expectCards(page, before);

      try {
        // Ten years: hardly anyone has waited that long, so the stage's count drops.
        const field = page.getByRole('textbox', { name: STAGE_NAMES[stage], exact: true });
        await expect(field).toHaveValue(String(before.thresholds[stage]));
        await field.fill('3650');
        await page.getByRole('button', { name: 'Save Thresholds' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Thresholds saved.' })).toBeVisible();

        const after = await worklist(request, token);
        expect(after.thresholds).toEqual({ ...before.thresholds, [stage]: 3650 });
        expect(after.counts[stage]).toBeLessThan(before.counts[stage]);
        await expectCards(page, after);
        await card(page, stage).click();
        await expectStageRows(page, phone, stage, after.counts[stage]);
      } finally {
        expect(await putThresholds(request, token, before.thresholds)).toBe(200);
      }
      await page.reload();
      await expectCards(page, before);
    });

    test('a provider sees the thresholds but cannot change them', async ({ page, request }) => {
      const provider = await createUser(request, { role: 'provider', provider_name: 'Dr. Test' });
      await signIn(page, provider.username, provider.password);
      await openFollowUps(page, phone);
      const token = await pageToken(page);
      const answer = await worklist(request, token);
      await expectCards(page, answer);
      for (const stage of STAGES) {
        const field = page.getByRole('textbox', { name: STAGE_NAMES[stage], exact: true });
        await expect(field).toHaveValue(String(answer.thresholds[stage]));
        await expect(field).toBeDisabled();
      }
      await expect(page.getByText(READ_ONLY_REASON)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Thresholds' })).toHaveCount(0);
      // The server refuses too.
      expect(await putThresholds(request, token, answer.thresholds)).toBe(403);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
