import { expect, test } from '@playwright/test';
import type { WorklistResponse } from '../common/api/worklist';
import { CASE_VIEWPORTS, casePanel, isoDay, notice, row, usDate } from './case-helpers';
import { apiGet } from './dashboard-helpers';
import { ADMIN, apiToken, createUser, loadSamples, pageToken, signIn } from './helpers';
import { openTab } from './layout-helpers';

// The coordinator's morning (docs/behaviour.md section 22): she signs in, sees her due patients on
// the first screen of Follow-ups, logs a call that booked a consult for next Tuesday, and that
// patient leaves today's list, to come back on Wednesday if the visit is not in the next import.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** The next Tuesday after `from` (a week on when `from` is a Tuesday). */
function nextTuesday(from: Date): string {
  const days = (2 - from.getDay() + 7) % 7 || 7;
  return isoDay(from, days);
}

for (const viewport of CASE_VIEWPORTS) {
  test(`a coordinator's call that books a consult, at ${viewport.name} size`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const coordinator = await createUser(request, { role: 'coordinator' });
    const admin = await apiToken(request, ADMIN.username, ADMIN.password);
    // Two of today's due patients are hers.
    const due = await apiGet<WorklistResponse>(request, admin, '/api/worklist?assigned_to=unassigned');
    const mine = due.patients.slice(0, 2).map((p) => p.patient_name);
    expect(mine).toHaveLength(2);
    for (const patient_name of mine) {
      const assigned = await request.post('/api/patient/activity', {
        headers: { Authorization: `Bearer ${admin}` },
        data: { patient_name, kind: 'assign', assigned_to: coordinator.username },
      });
      expect(assigned.status(), await assigned.text()).toBe(201);
    }

    await signIn(page, coordinator.username, coordinator.password);
    await expect(page.getByText('(coordinator)')).toBeVisible();
    await openTab(page, 'Follow-ups');
    // Her list: assigned to her, and its first patient on the first screen, without scrolling.
    const first = row(page, mine[0]);
    await expect(first).toBeVisible();
    await expect(row(page, mine[1])).toBeVisible();
    const box = await first.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const token = await pageToken(page);
    const listed = await apiGet<WorklistResponse>(request, token, '/api/worklist?assigned_to=me');
    expect(listed.patients.map((p) => p.patient_name).sort()).toEqual([...mine].sort());

    // The call booked a consult for next Tuesday.
    const tuesday = nextTuesday(new Date());
    const wednesday = isoDay(new Date(`${tuesday}T12:00:00`), 1);
    await first.getByRole('button', { name: mine[0], exact: true }).click();
    const panel = casePanel(page, mine[0]);
    await panel.getByRole('button', { name: 'Call' }).click();
    await panel.getByRole('button', { name: 'Scheduled' }).click();
    await panel.getByLabel('Or a date').fill(tuesday);
    await panel.getByRole('button', { name: 'Save with this date' }).click();
    await expect(notice(page, `back on the list ${usDate(wednesday)}`)).toBeVisible();

    // Off today's list at once; back on Wednesday's, and not before.
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Close the case' }).click();
    await expect(row(page, mine[0])).toHaveCount(0);
    await expect(row(page, mine[1])).toBeVisible();
    const on = async (day: string) =>
      (
        await apiGet<WorklistResponse>(request, token, `/api/worklist?assigned_to=me&as_of=${day}`)
      ).patients.map((p) => p.patient_name);
    expect(await on(tuesday)).not.toContain(mine[0]);
    expect(await on(wednesday)).toContain(mine[0]);
  });
}
