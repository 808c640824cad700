import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { TrendsResponse } from '../common/api/dashboard';
import { formatCurrency } from '../common/format';
import { apiGet, choose, comparedWith, openDashboard } from './dashboard-helpers';
import { ADMIN, apiToken, loadSamples } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// The headline comparison and the Monthly Trends against days that move with the calendar: the
// data is dated from today (the server's date: the same machine and time zone as this test), so
// every figure is worked out here whatever day the test runs on. Bea's consult booked for next
// year keeps the data running to today (docs/behaviour.md section 6.6).

const now = new Date();
const Y = now.getFullYear();
const usDate = (d: Date) => `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
const isoDate = (d: Date) =>
  [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('-');

/** Today's month and day a year ago (February 29 read as the 28th), and the day after it. */
const sameDay = new Date(
  Y - 1,
  now.getMonth(),
  now.getMonth() === 1 && now.getDate() === 29 ? 28 : now.getDate(),
);
const dayAfter = new Date(sameDay.getFullYear(), sameDay.getMonth(), sameDay.getDate() + 1);

type Seeded = { name: string; date: Date; won: boolean };
/**
 * This year: Nina, won on January 1. Last year: Dora, won on January 1; Ben, consulted on this
 * very day a year ago; Cal, won the day after it (on December 31 there is no such day last year,
 * and Cal is left out). Next year: Bea's consult, booked.
 */
const SEEDED: Seeded[] = [
  { name: 'Now, Nina', date: new Date(Y, 0, 1), won: true },
  { name: 'Early, Dora', date: new Date(Y - 1, 0, 1), won: true },
  { name: 'Same, Ben', date: sameDay, won: false },
  ...(dayAfter.getFullYear() === Y - 1 ? [{ name: 'After, Cal', date: dayAfter, won: true }] : []),
  { name: 'Booked, Bea', date: new Date(Y + 1, 0, 15), won: false },
];
/** One accepted arch, scanned the same day: a won case of $14,995 (the default mappings). */
const CASE_VALUE = 14995;

function report(): string {
  const lines = ['Patient,Date,Proc Code,Provider,Description,Fee,Location'];
  for (const { name, date, won } of SEEDED) {
    const codes = won ? ['D0150', 'FA-PRES-MAX', 'FA-ACC-MAX', 'D0801'] : ['D0150'];
    for (const code of codes) lines.push(`"${name}",${usDate(date)},${code},Dr. Seed Same,,,Main Street`);
  }
  return `${lines.join('\n')}\n`;
}

/** The seeded consults of `year` on or before `through` (YYYY-MM-DD), as the figures count them. */
function figures(year: number, through = `${year}-12-31`) {
  const rows = SEEDED.filter((r) => r.date.getFullYear() === year && isoDate(r.date) <= through);
  const won = rows.filter((r) => r.won).length;
  const rate = rows.length === 0 ? 0 : Math.round((won * 1000) / rows.length) / 10;
  return { consults: rows.length, won, rate, value: won * CASE_VALUE };
}

const signed = (diff: number, text: string) => (diff > 0 ? `+${text}` : diff < 0 ? `−${text}` : 'no change');

/** The four by-year cards' names, worked from the seeded rows. */
function expectedCards(year: number): string[] {
  const before = comparedWith(year, isoDate(now));
  const a = figures(year);
  const b = year === Y ? figures(Y - 1, isoDate(sameDay)) : figures(year - 1);
  const tenths = Math.round(a.rate * 10) - Math.round(b.rate * 10);
  return [
    `Consults YTD: ${a.consults}. ${before}: ${b.consults} (${signed(a.consults - b.consults, String(Math.abs(a.consults - b.consults)))}). Show the consults by provider`,
    `Consults Won: ${a.won}. ${before}: ${b.won} (${signed(a.won - b.won, String(Math.abs(a.won - b.won)))}). Show the consults won`,
    `Win Rate: ${a.rate.toFixed(1)}%. ${before}: ${b.rate.toFixed(1)}% (${signed(tenths, `${(Math.abs(tenths) / 10).toFixed(1)} pts`)}). Show the win rate by provider`,
    `Arch Case Value: ${formatCurrency(a.value)}. ${before}: ${formatCurrency(b.value)} (${signed(a.value - b.value, formatCurrency(Math.abs(a.value - b.value)))}). Show the arch cases of ${year}`,
  ];
}

let token: string;

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ADMIN.username, ADMIN.password);
  const imported = await request.post('/api/import/raw-data', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'same-period.csv', mimeType: 'text/csv', buffer: Buffer.from(report()) },
      replace: 'true',
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
});
// The other specs expect the samples.
test.afterAll(async ({ request }) => loadSamples(request));

const headline = (page: Page, year: number) =>
  page.getByRole('region', { name: `Headline figures for ${year}` }).getByRole('button');

/** The trends table and chart show a win rate only for a month that has happened and had consults. */
async function expectTrends(page: Page, request: APIRequestContext, year: number) {
  const trends = await apiGet<TrendsResponse>(request, token, `/api/dashboard/trends?year=${year}`);
  const thisMonth = isoDate(now).slice(0, 7);
  const toCome = trends.months.map((m) => m > thisMonth);
  const panel = page.getByRole('region', { name: 'Monthly Trends' });
  const rows = panel.getByRole('table', { name: 'Monthly Trends' }).getByRole('row');
  await expect(rows).toHaveCount(13);
  let points = 0;
  for (const [i, consults] of trends.consults.entries()) {
    const cells = rows.nth(i + 1).getByRole('cell');
    const rate = cells.nth(3);
    if (toCome[i]) {
      await expect(cells.first()).toContainText('Not yet happened');
      await expect(rate).toHaveText('—Not yet happened');
    } else if (consults === 0) {
      await expect(cells.first()).not.toContainText('Not yet happened');
      await expect(rate).toHaveText('—No consults');
    } else {
      points++;
      await expect(rate).toHaveText(`${trends.win_rate[i].toFixed(1)}%`);
    }
  }

  // The chart: one dot per month with a rate, none at 0% for the others; the months to come shaded.
  const chart = panel.getByRole('img', { name: /^Chart of consults and won per month/ });
  await expect(chart.locator('.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('.recharts-line-dot')).toHaveCount(points);
  const later = trends.months.filter((_, i) => toCome[i]);
  if (later.length > 0) {
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const label = (m: string) => names[Number(m.slice(5, 7)) - 1];
    const span = later.length === 1 ? label(later[0]) : `${label(later[0])}-${label(later.at(-1)!)}`;
    await expect(chart.getByText(`Not yet happened: ${span}`)).toBeVisible();
    await expect(chart.locator('.recharts-reference-area')).toHaveCount(1);
    await expect(chart).toHaveAttribute('aria-label', /Shaded months have not happened yet/);
  } else {
    await expect(chart.getByText(/^Not yet happened/)).toHaveCount(0);
    await expect(chart.locator('.recharts-reference-area')).toHaveCount(0);
  }
  // The server names the same months as still to come.
  expect(trends.months_to_come).toEqual(trends.months.filter((_, i) => toCome[i]));
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('this year stands beside the same days of last year, a past year beside the whole year before, in the PDF too', async ({
      page,
    }) => {
      await openDashboard(page);
      const cards = headline(page, Y);
      await expect(cards).toHaveCount(6);
      for (const [i, name] of expectedCards(Y).entries())
        await expect(cards.nth(i)).toHaveAccessibleName(name);
      // The period is on screen, not only in the name.
      await expect(cards.first()).toContainText(
        `${comparedWith(Y, isoDate(now))}: ${figures(Y - 1, isoDate(sameDay)).consults}`,
      );

      // The PDF's summary cards carry the same comparison (its font writes a hyphen for minus).
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export PDF Report' }).click(),
      ]);
      const path = `.tmp/e2e-same-period-${viewport.name}.pdf`;
      await pdf.saveAs(path);
      const text = readFileSync(path, 'latin1');
      const a = figures(Y);
      const b = figures(Y - 1, isoDate(sameDay));
      const diff = a.consults - b.consults;
      const change = diff > 0 ? `+${diff}` : diff < 0 ? `-${-diff}` : 'no change';
      expect(text).toContain(`(${comparedWith(Y, isoDate(now))}: ${b.consults} \\(${change}\\))`);
      expect(text).toContain(`(${comparedWith(Y, isoDate(now))}: ${b.won} \\(`);

      await choose(page, 'Year', String(Y - 1));
      const past = headline(page, Y - 1);
      await expect(past).toHaveCount(6);
      for (const [i, name] of expectedCards(Y - 1).entries())
        await expect(past.nth(i)).toHaveAccessibleName(name);
      await expect(past.first()).toContainText(`${Y - 2}: 0`);
    });

    test('Monthly Trends draws no win rate for a month without consults or not yet happened', async ({
      page,
      request,
    }) => {
      await openDashboard(page);
      // This year: the months after this one, if any, have not happened.
      await expectTrends(page, request, Y);
      // Last year: every month has happened; most had no consult.
      await choose(page, 'Year', String(Y - 1));
      await expectTrends(page, request, Y - 1);
      // Next year: nothing has happened yet, not even January's booked consult.
      await choose(page, 'Year', String(Y + 1));
      await expectTrends(page, request, Y + 1);
    });
  });
}
