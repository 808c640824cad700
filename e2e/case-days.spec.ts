import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import {
  CASE_VIEWPORTS,
  caseOf,
  firstDue,
  isoDay,
  notice,
  openCase,
  row,
  usDate,
  worklist,
} from './case-helpers';
import { createUser, loadSamples, signIn } from './helpers';
import { openTab, overlap } from './layout-helpers';

// The days of a case (docs/behaviour.md section 15) against the real server and the sample data:
// a Scheduled contact takes the appointment's day and brings the patient back the day after it,
// the quick picks land on weekdays and say which, and a snooze sets the day without a contact.
// Each test works on whichever patient the API lists first at the time.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** `day` moved off a weekend to the Monday after, as the app's quick picks are. */
function weekday(day: string): string {
  const date = new Date(`${day}T12:00:00`);
  const weekend = { 0: 1, 6: 2 }[date.getDay()] ?? 0;
  return isoDay(date, weekend);
}

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** `Mon 11/30`, as a quick pick says its day. */
const shortDay = (day: string) =>
  `${WEEKDAY[new Date(`${day}T12:00:00`).getDay()]} ${usDate(day).slice(0, 5)}`;

async function signedInOnFollowUps(page: Page, request: Parameters<typeof createUser>[0]) {
  const manager = await createUser(request, { role: 'manager' });
  await signIn(page, manager.username, manager.password);
  await openTab(page, 'Follow-ups');
}

for (const viewport of CASE_VIEWPORTS) {
  test.describe(`at ${viewport.name} size`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test("Call, Scheduled asks for the appointment's day: off today's list, back the day after it", async ({
      page,
      request,
    }) => {
      await signedInOnFollowUps(page, request);
      const name = await firstDue(request, page);
      const panel = await openCase(page, name);
      await panel.getByRole('button', { name: 'Call' }).click();
      await panel.getByRole('button', { name: 'Scheduled' }).click();
      const picks = panel.getByRole('group', { name: 'Call, Scheduled: on which day is the appointment?' });
      await expect(picks).toBeVisible();
      await expect(picks.getByRole('button', { name: 'No new date' })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      // The appointment may be today; the patient then comes back tomorrow.
      const today = isoDay(new Date());
      const date = panel.getByLabel('Or a date');
      await expect(date).toHaveAttribute('min', today);
      await panel.getByRole('textbox', { name: 'Note with it (optional)' }).fill('Bring the scans');
      await date.fill(today);
      await panel.getByRole('button', { name: 'Save with this date' }).click();

      const back = isoDay(new Date(), 1);
      await expect(
        notice(page, `Call recorded: Scheduled, appointment`).filter({
          hasText: `back on the list ${usDate(back)} if it is not in the next import`,
        }),
      ).toBeVisible();
      const latest = panel.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first();
      await expect(latest).toContainText('Call: Scheduled');
      await expect(latest).toContainText(`Next follow-up ${usDate(back)}`);
      await expect(latest).toContainText(`Appointment ${usDate(today)}`);
      // Off today's list at once, on the screen and in the API's list.
      await expect(row(page, name)).toHaveCount(0);
      expect((await worklist(request, page)).patients.map((p) => p.patient_name)).not.toContain(name);
      const kase = await caseOf(request, page, name);
      expect(kase.case.next_follow_up).toBe(back);
      expect(kase.activities[0]).toMatchObject({
        kind: 'call',
        outcome: 'scheduled',
        next_follow_up: back,
        note: `Appointment ${usDate(today)}\nBring the scans`,
      });
    });

    test('on a Friday the quick picks land on weekdays and say the day; today may be chosen', async ({
      page,
      request,
    }) => {
      // The coming Friday, mid-morning, on the browser's clock (the server keeps its own).
      const now = new Date();
      const ahead = (5 - now.getDay() + 7) % 7 || 7;
      const friday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + ahead, 10);
      await page.clock.install({ time: friday });
      await signedInOnFollowUps(page, request);
      const name = await firstDue(request, page);
      const panel = await openCase(page, name);
      await panel.getByRole('button', { name: 'Call' }).click();
      await panel.getByRole('button', { name: 'No answer' }).click();

      const day = isoDay(friday);
      const monday = isoDay(friday, 3);
      const picks = panel.getByRole('group', { name: 'Call, No answer: next follow-up?' });
      await expect(picks.getByRole('button')).toHaveText([
        `Tomorrow (${shortDay(monday)})`,
        `3 days (${shortDay(monday)})`,
        `1 week (${shortDay(isoDay(friday, 7))})`,
        `2 weeks (${shortDay(isoDay(friday, 14))})`,
        'No new date',
      ]);
      await expect(panel.getByLabel('Or a date')).toHaveAttribute('min', day);

      await picks.getByRole('button', { name: /^Tomorrow/ }).click();
      await expect(notice(page, `Call recorded: No answer, next follow-up ${usDate(monday)}.`)).toBeVisible();
      await expect.poll(async () => (await caseOf(request, page, name)).case.next_follow_up).toBe(monday);
    });

    test('Snooze sets the next follow-up without a contact, and the timeline says so', async ({
      page,
      request,
    }) => {
      await signedInOnFollowUps(page, request);
      const name = await firstDue(request, page);
      const before = (await caseOf(request, page, name)).case;
      const panel = await openCase(page, name);
      await panel.getByRole('button', { name: 'Snooze' }).click();
      const picks = panel.getByRole('group', { name: 'Snooze (no contact): back on the list on which day?' });
      await expect(picks).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      const inAWeek = weekday(isoDay(new Date(), 7));
      await picks.getByRole('button', { name: `1 week (${shortDay(inAWeek)})` }).click();
      await expect(notice(page, 'Snoozed: back on the list')).toContainText(usDate(inAWeek));
      const latest = panel.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first();
      await expect(latest).toContainText('Snoozed');
      await expect(latest).toContainText(`Next follow-up ${usDate(inAWeek)}`);
      await expect(panel.getByRole('button', { name: 'Call' })).toBeVisible();

      await expect(row(page, name)).toHaveCount(0);
      const after = (await caseOf(request, page, name)).case;
      expect(after.next_follow_up).toBe(inAWeek);
      // No contact: the attempts and the last contact are as they were.
      expect(after.attempts).toBe(before.attempts);
      expect(after.last_contact).toEqual(before.last_contact);
    });

    test("a note's notice keeps clear of the Note box, and a long note's Delete stays whole", async ({
      page,
      request,
    }) => {
      await signedInOnFollowUps(page, request);
      const name = await firstDue(request, page);
      const panel = await openCase(page, name);
      const box = panel.getByRole('textbox', { name: 'Note', exact: true });
      const add = panel.getByRole('button', { name: 'Add note' });
      const long = `Spoke with her daughter, who asked us to call back after the holidays about the ${'financing '.repeat(12)}options; records at https://example.test/${'x'.repeat(90)}`;
      await box.fill(long);
      await add.click();

      const shown = notice(page, 'Note added.');
      await expect(shown).toBeVisible();
      await expect(box).toHaveValue('');
      for (const control of [box, add]) expect(await overlap(shown, control)).toBe(false);

      const latest = panel.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first();
      await expect(latest).toContainText('financing options');
      const remove = latest.getByRole('button', { name: /^Delete Note of/ });
      await expect(remove).toBeVisible();
      // Whole: inside its item, and squeezed nowhere (a squeezed button clips its label inside it).
      const [item, button] = [await latest.boundingBox(), await remove.boundingBox()];
      if (!item || !button) throw new Error('The timeline item or its Delete is not on the page');
      expect(button.x + button.width).toBeLessThanOrEqual(item.x + item.width + 0.5);
      expect(
        await remove.evaluate((el) =>
          [el, ...el.querySelectorAll('*')].some((n) => n.scrollWidth > n.clientWidth),
        ),
      ).toBe(false);
    });
  });
}
