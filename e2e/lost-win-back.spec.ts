import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { WorklistResponse } from '../common/api/worklist';
import { formatDate } from '../common/format';
import { patientCount } from '../web/features/follow-ups/words';
import { axeViolations } from './axe';
import { apiGet } from './dashboard-helpers';
import { createUser, loadSamples, pageToken, signIn } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// One word for one state (docs/screens.md, Follow-ups and Patient Lookup): a consult marked Lost is
// Lost on Follow-ups too, in the stage 'Lost, win back', and Patient Lookup says beside the Lost
// outcome that the patient is on the follow-up list and for how long.

const STAGE = 'Lost, win back';
const HINT = 'Lost consults from the past year, still worth a call.';

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

const worklist = async (request: APIRequestContext, page: Page, query = '') =>
  apiGet<WorklistResponse>(request, await pageToken(page), `/api/worklist${query}`);

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test("Follow-ups lists Lost consults as 'Lost, win back', and says what the stage holds", async ({
      page,
      request,
    }) => {
      const coordinator = await createUser(request, { role: 'manager' });
      await signIn(page, coordinator.username, coordinator.password);
      await openTab(page, 'Follow-ups');
      const answer = await worklist(request, page);
      const card = page.getByRole('group', { name: 'Stages' }).getByRole('button', { name: `${STAGE}:` });
      await expect(card).toHaveAccessibleName(
        `${STAGE}: ${patientCount(answer.counts.undecided)}, waiting ${answer.thresholds.undecided}+ days`,
      );
      await expect(card).toHaveAccessibleDescription(HINT);
      await expect(card).toContainText(HINT);
      await expect(page.getByText('Undecided')).toHaveCount(0);

      await card.click();
      await expect(page).toHaveURL(/stage=undecided/);
      const stages = isPhone(page)
        ? page.getByRole('list', { name: 'Stalled Cases' }).getByText(STAGE, { exact: true })
        : page.getByRole('table', { name: 'Stalled Cases' }).locator('tbody td:nth-child(3)');
      await expect(stages).toHaveText(Array.from({ length: answer.counts.undecided }, () => STAGE));
      await expect(page.getByRole('textbox', { name: STAGE, exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test('Patient Lookup says beside a Lost outcome that the patient is on the follow-up list, and for how long', async ({
      page,
      request,
    }) => {
      const coordinator = await createUser(request, { role: 'manager' });
      await signIn(page, coordinator.username, coordinator.password);
      const lost = (await worklist(request, page, '?stage=undecided')).patients[0];
      if (!lost) throw new Error('The sample data has no Lost consult on the follow-up list');
      const name = lost.patient_name;

      await page.goto(`/patient-lookup?patient=${encodeURIComponent(name)}`);
      const overview = page.getByRole('region', { name: 'Patient Overview' });
      await expect(overview).toContainText(name);
      const outcome = overview.locator('dd').filter({ hasText: 'Lost' }).first();
      await expect(outcome.getByText('Lost', { exact: true })).toBeVisible();
      await expect(outcome.getByText('On the follow-up list', { exact: true })).toBeVisible();
      await expect(
        outcome.getByText(`${STAGE}: ${lost.days_waiting} days waiting, since ${formatDate(lost.since)}`),
      ).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // The link opens the patient's case on Follow-ups, beside the Lost, win back list.
      await outcome.getByRole('link', { name: 'Open on Follow-ups' }).click();
      await expect(page.getByRole('heading', { name: 'Follow-ups', level: 2 })).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'Stages' }).getByRole('button', { name: `${STAGE}:` }),
      ).toHaveAttribute('aria-pressed', 'true');
      const panel = isPhone(page)
        ? page.getByRole('dialog', { name: `Case: ${name}` })
        : page.getByRole('region', { name: `Case: ${name}` });
      await expect(panel.getByRole('button', { name: 'Call' })).toBeVisible();
      // Opened from a link, the case still shows the phone.
      if (lost.phone) await expect(panel.getByRole('link', { name: lost.phone })).toBeVisible();
      else await expect(panel.getByText('No phone on file')).toBeVisible();
    });
  });
}
