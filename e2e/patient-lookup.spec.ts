import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ScoresheetRow } from '../common/api/config';
import type { PatientData, SearchResponse } from '../common/api/patients';
import { localDay } from '../common/calendar-day';
import { formatCurrency, formatDate } from '../common/format';
import { splitAppointments } from '../web/features/patient-lookup/appointments';
import { treatmentProgress } from '../web/features/patient-lookup/progress';
import { scoreSteps, scoreSum } from '../web/features/patient-lookup/score';
import { moreMatchesText } from '../web/features/patient-lookup/search-text';
import { axeViolations } from './axe';
import { ADMIN, apiToken, loadSamples, SAMPLE_FILES, signIn } from './helpers';

// The patients each test looks at are chosen from the sample data through the API, and the
// screen is checked against what the API says about them.

interface Picks {
  won: PatientData;
  pending: PatientData;
  ignored: PatientData;
  undated: PatientData;
  /** Appointments on two or more dates, so a day between them has past and upcoming ones. */
  booked: PatientData;
  /** More procedures than a 300 px box holds. */
  long: PatientData;
}
let picks: Picks;
let token: string;

const UNKNOWN = 'Zqxv Nobodyknows';

async function search(request: APIRequestContext, q: string): Promise<SearchResponse> {
  const response = await request.get(`/api/patient/search?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SearchResponse;
}

async function lookup(request: APIRequestContext, token: string, name: string): Promise<PatientData | null> {
  const response = await request.get(`/api/patient/lookup?name=${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status() === 404) return null;
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: PatientData }).data;
}

/** The first of the names whose record passes the test. */
async function firstWith(
  request: APIRequestContext,
  token: string,
  names: readonly string[],
  test: (patient: PatientData) => boolean,
): Promise<PatientData> {
  for (const name of names) {
    const patient = await lookup(request, token, name);
    if (patient && test(patient)) return patient;
  }
  throw new Error('No sample patient fits');
}

/** Patient names in the first column of a sample CSV, for rows whose `column` cell is empty (or any). */
function sampleNames(path: string, emptyColumn?: number): string[] {
  const rows = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .map((line) =>
      line.match(/("[^"]*"|[^,]*)(,|$)/g)?.map((cell) => cell.replace(/,$/, '').replace(/"/g, '')),
    );
  return rows
    .filter((cells): cells is string[] => !!cells && cells.length >= 3)
    .filter((cells) => emptyColumn === undefined || cells[emptyColumn] === '')
    .map((cells) => cells[0]);
}

const datedDays = (p: PatientData) =>
  [...new Set(p.future_appointments.flatMap((appt) => (appt.appt_date ? [appt.appt_date] : [])))].sort();

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
  token = await apiToken(request, ADMIN.username, ADMIN.password);
  const response = await request.get('/api/scoresheet', { headers: { Authorization: `Bearer ${token}` } });
  const { scoresheet } = (await response.json()) as { scoresheet: ScoresheetRow[] };
  const named = (outcome: ScoresheetRow['win_loss']) =>
    scoresheet.filter((row) => row.win_loss === outcome).map((row) => row.patient_name);
  const plain = (p: PatientData) => p.ignore_status.length === 0;
  picks = {
    // A won case with history and something booked, so every part of the screen has rows.
    won: await firstWith(
      request,
      token,
      named('Won'),
      (p) => plain(p) && p.procedures.length > 1 && p.future_appointments.length > 0,
    ),
    pending: await firstWith(request, token, named('PF'), plain),
    ignored: await firstWith(request, token, sampleNames(SAMPLE_FILES['ignore-list']), (p) =>
      p.ignore_status.some((entry) => entry.notes),
    ),
    undated: await firstWith(request, token, sampleNames(SAMPLE_FILES['future-scheduled'], 1), (p) =>
      p.future_appointments.some((appt) => appt.appt_date === null),
    ),
    booked: await firstWith(
      request,
      token,
      sampleNames(SAMPLE_FILES['future-scheduled']),
      (p) => !!p.scoresheet && datedDays(p).length >= 2,
    ),
    long: await firstWith(
      request,
      token,
      scoresheet.map((row) => row.patient_name),
      (p) => p.procedures.length >= 12,
    ),
  };
});

async function openTab(page: Page) {
  await signIn(page, ADMIN.username, ADMIN.password);
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) {
    await burger.click();
    await page.getByRole('menuitem', { name: 'Patient Lookup' }).click();
  } else {
    await page.getByRole('tab', { name: 'Patient Lookup' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Patient Lookup' })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search patients' });

/** Types part of the name, then walks the suggestions with ArrowDown and chooses it with Enter. */
async function choose(page: Page, name: string) {
  const box = searchBox(page);
  await box.fill('');
  const typed = name.slice(0, Math.max(3, Math.ceil(name.length * 0.6)));
  // Wait for the suggestions of the whole typed text, not an earlier list still on screen.
  const answered = page.waitForResponse((r) =>
    r.url().endsWith(`/api/patient/search?q=${encodeURIComponent(typed.trim())}`),
  );
  await box.pressSequentially(typed, { delay: 30 });
  await answered;
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  for (let step = 0; step < 20; step++) {
    await box.press('ArrowDown');
    const id = await box.getAttribute('aria-activedescendant');
    if (id && (await page.locator(`[id="${id}"]`).textContent()) === name) break;
  }
  await box.press('Enter');
  await expect(box).toHaveValue(name);
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(name);
}

/** The overview and both tables say what the API says about the patient. */
async function expectShown(page: Page, patient: PatientData, outcome: string) {
  const sheet = patient.scoresheet;
  const overview = page.getByRole('region', { name: 'Patient Overview' });
  await expect(overview).toContainText(sheet?.provider ?? 'N/A');
  // The phone dials: a tel: link, or a sentence when the files gave none (docs/behaviour.md section 2).
  if (patient.phone)
    await expect(overview.getByRole('link', { name: patient.phone })).toHaveAttribute('href', /^tel:/);
  else await expect(overview).toContainText('No phone on file');
  await expect(
    page.getByRole('region', { name: 'Case Follow-up' }).getByRole('button', { name: 'Call' }),
  ).toBeVisible();
  await expect(overview.getByText(outcome, { exact: true })).toBeVisible();
  await expect(overview).toContainText(
    sheet && sheet.case_value > 0 ? formatCurrency(sheet.case_value) : 'N/A',
  );
  await expect(overview).toContainText(treatmentProgress(sheet?.treatment_flags));
  await expect(overview).toContainText(sheet?.procedure_status || 'N/A');
  if (sheet?.date_of_temp_placement)
    await expect(overview).toContainText(formatDate(sheet.date_of_temp_placement));
  // The location and the case's dates, each under its label (a <dd> after its <dt>).
  const dateOrNA = (date: string | null | undefined) => (date ? formatDate(date) : 'N/A');
  for (const [label, text] of [
    ['Location', sheet?.location ?? 'N/A'],
    ['Presented Date', dateOrNA(sheet?.presented_date)],
    ['Accepted Date', dateOrNA(sheet?.accepted_date)],
    ['Perm Date', dateOrNA(sheet?.perm_date)],
  ]) {
    const term = overview.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
    await expect(term.locator('xpath=following-sibling::dd[1]')).toHaveText(text);
  }

  const history = page.getByRole('table', { name: 'Procedure History' });
  await expect(history.getByRole('row')).toHaveCount(patient.procedures.length + 1);
  const first = patient.procedures[0];
  await expect(history.getByRole('row').nth(1)).toContainText(formatDate(first.date));
  await expect(history.getByRole('row').nth(1)).toContainText(first.procedure);
  await expect(history.getByRole('row').nth(1)).toContainText(first.location ?? 'N/A');

  // Past or upcoming by today's date (this process and the browser share the machine's clock).
  const { upcoming, past } = splitAppointments(patient.future_appointments, localDay(new Date()));
  const appointments = page.getByRole('table', { name: 'Upcoming Appointments' });
  if (upcoming.length === 0) {
    await expect(appointments).toHaveCount(0);
  } else {
    await expect(appointments.getByRole('row')).toHaveCount(upcoming.length + 1);
    const next = upcoming[0];
    await expect(appointments.getByRole('row').nth(1)).toContainText(
      next.appt_date ? formatDate(next.appt_date) : 'TBD',
    );
    await expect(appointments.getByRole('row').nth(1)).toContainText(next.procedure);
  }
  await expect(page.getByRole('table', { name: 'Past Appointments' }).getByRole('row')).toHaveCount(
    past.length === 0 ? 0 : past.length + 1,
  );
}

/** The box a table scrolls in (a group named as its table): its height and the height of what it holds. */
async function scrollBox(page: Page, table: string) {
  const box = page
    .getByRole('group', { name: table })
    .filter({ has: page.getByRole('table', { name: table }) });
  return box.evaluate((el) => ({ height: el.clientHeight, content: el.scrollHeight }));
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });
    // A shared two-core machine: sign-in, debounced typing and lookups can take a while.
    test.describe.configure({ timeout: 60_000 });

    test('a won patient, chosen from the suggestions with the keyboard', async ({ page }) => {
      await openTab(page);
      await searchBox(page).pressSequentially(picks.won.patient_name.slice(0, 3), { delay: 30 });
      await expect(page.getByRole('listbox')).toBeVisible();
      await expect(page.getByRole('option').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // Escape closes the list and leaves the text.
      await searchBox(page).press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();

      await choose(page, picks.won.patient_name);
      await expectShown(page, picks.won, 'Won');
      await expect(page.getByText('Special Notes')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      // Nothing is wider than the screen: wide tables scroll inside their cards.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByRole('button', { name: 'Clear Search' }).click();
      await expect(searchBox(page)).toHaveValue('');
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toHaveCount(0);
      await expect(page.getByRole('table')).toHaveCount(0);
    });

    test('a pending-finance patient and an undated appointment', async ({ page }) => {
      await openTab(page);
      await choose(page, picks.pending.patient_name);
      await expectShown(page, picks.pending, 'Pending Finance');
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText('Pending Finance');

      await choose(page, picks.undated.patient_name);
      const appointments = page.getByRole('table', { name: 'Upcoming Appointments' });
      const undated = picks.undated.future_appointments.filter((appt) => appt.appt_date === null);
      await expect(appointments.getByRole('row').filter({ hasText: 'TBD' })).toHaveCount(undated.length);
    });

    test('an ignore-listed patient shows the special notes', async ({ page }) => {
      await openTab(page);
      await choose(page, picks.ignored.patient_name);
      const notes = page.getByRole('alert').filter({ hasText: 'Special Notes' });
      for (const entry of picks.ignored.ignore_status) {
        await expect(notes).toContainText(entry.year_code);
        if (entry.notes) await expect(notes).toContainText(`${entry.year_code}: ${entry.notes}`);
      }
      const outcome = picks.ignored.scoresheet
        ? { Won: 'Won', Lost: 'Lost', PF: 'Pending Finance', 'N/A': 'Pending' }[
            picks.ignored.scoresheet.win_loss
          ]
        : 'Pending';
      await expectShown(page, picks.ignored, outcome);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('a name written Last, First, cut short, is suggested', async ({ page, request }) => {
      const answer = await search(request, 'Hernandez, Ant');
      // The sample data has Anthony and Walter Hernandez: only Anthony is an "Ant".
      expect(answer.patients).toContain('Anthony Hernandez');
      expect(answer.patients).not.toContain('Walter Hernandez');
      await openTab(page);
      const answered = page.waitForResponse((r) =>
        r.url().endsWith(`/api/patient/search?q=${encodeURIComponent('Hernandez, Ant')}`),
      );
      await searchBox(page).pressSequentially('Hernandez, Ant', { delay: 30 });
      await answered;
      await expect(page.getByRole('option')).toHaveText(answer.patients);
      await page.getByRole('option', { name: 'Anthony Hernandez' }).click();
      await expect(searchBox(page)).toHaveValue('Anthony Hernandez');
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText('Anthony Hernandez');
    });

    test('says when more patients match than the list shows', async ({ page, request }) => {
      const answer = await search(request, 'an');
      expect(answer.total).toBeGreaterThan(20);
      await openTab(page);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/patient/search?q=an'));
      await searchBox(page).pressSequentially('an', { delay: 30 });
      await answered;
      const line = page.getByText(moreMatchesText(20, answer.total) as string);
      await expect(line).toBeVisible();
      expect(await line.textContent()).toBe(`Showing 20 of ${answer.total} matches; type more of the name`);
      await expect(page.getByRole('option')).toHaveCount(20);
      expect(await axeViolations(page)).toEqual([]);
      // Typing more narrows the list to all its matches, and the line goes.
      await searchBox(page).pressSequentially('thony hern', { delay: 30 });
      await expect(page.getByRole('option', { name: 'Anthony Hernandez' })).toBeVisible();
      await expect(page.getByText(/^Showing \d+ of \d+ matches/)).toHaveCount(0);
    });

    test('appointments dated before today are listed as past', async ({ page }) => {
      const patient = picks.booked;
      const [first] = datedDays(patient);
      // The browser's today: the day after the earliest appointment, so it is past and the later
      // ones (and any TBD) are still to come, whatever the date the tests run on.
      const [y, m, d] = first.split('-').map(Number);
      const today = new Date(y, m - 1, d + 1, 12, 0);
      await page.clock.setFixedTime(today);
      await openTab(page);
      await choose(page, patient.patient_name);
      const { upcoming, past } = splitAppointments(patient.future_appointments, localDay(today));
      expect(past.length).toBeGreaterThan(0);
      expect(upcoming.length).toBeGreaterThan(0);
      const dates = (table: string) =>
        page
          .getByRole('table', { name: table })
          .getByRole('row')
          .filter({ has: page.getByRole('cell') });
      await expect(dates('Past Appointments')).toHaveCount(past.length);
      await expect(dates('Upcoming Appointments')).toHaveCount(upcoming.length);
      await expect(dates('Past Appointments').first()).toContainText(formatDate(past[0].appt_date));
      // Nothing dated before today is under Upcoming.
      for (const appt of past)
        await expect(
          dates('Upcoming Appointments').filter({ hasText: formatDate(appt.appt_date) }),
        ).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('the score is explained step by step', async ({ page }) => {
      const patient = picks.won;
      const sheet = patient.scoresheet as ScoresheetRow;
      await openTab(page);
      await choose(page, patient.patient_name);
      const help = page
        .getByRole('region', { name: 'Patient Overview' })
        .getByRole('button', { name: 'How the score is made' });
      // Reached with Tab from the search box, opened with Enter.
      await searchBox(page).focus();
      for (let step = 0; step < 10 && !(await help.evaluate((el) => el === document.activeElement)); step++)
        await page.keyboard.press('Tab');
      await expect(help).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'How the score is made' });
      await expect(dialog).toBeVisible();
      const steps = scoreSteps(sheet.treatment_flags);
      await expect(dialog.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveText(
        steps.map((s) => new RegExp(`^${s.label}\\s*${s.points}$`)),
      );
      await expect(dialog).toContainText(`Score: ${scoreSum(steps, sheet.score)}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(help).toBeFocused();
    });

    test('a long procedure history', async ({ page }) => {
      await openTab(page);
      await choose(page, picks.long.patient_name);
      const history = page.getByRole('table', { name: 'Procedure History' });
      await expect(history.getByRole('row')).toHaveCount(picks.long.procedures.length + 1);
      const box = await scrollBox(page, 'Procedure History');
      if (device === 'phone') {
        // No inner scroll on a phone: the box is as tall as the table, and the page scrolls.
        expect(box.content).toBeLessThanOrEqual(box.height + 1);
        await history.getByRole('row').last().scrollIntoViewIfNeeded();
        await expect(history.getByRole('row').last()).toBeInViewport();
      } else {
        // On a wide screen the rows scroll inside a 300 px box, under a header kept in view.
        expect(box.height).toBeLessThanOrEqual(300);
        expect(box.content).toBeGreaterThan(box.height);
      }
    });

    test('an unknown name has no suggestions and is not found', async ({ page }) => {
      await openTab(page);
      await searchBox(page).pressSequentially(UNKNOWN, { delay: 20 });
      await expect(page.getByText('No matching patients')).toBeVisible();
      await expect(page.getByRole('option')).toHaveCount(0);
      await searchBox(page).press('Enter');
      await expect(page.getByRole('alert')).toContainText('Patient not found');
      expect(await axeViolations(page)).toEqual([]);
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toHaveCount(0);
    });
  });
}
