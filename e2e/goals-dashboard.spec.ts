import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ProvidersResponse } from '../common/api/dashboard';
import {
  GOAL_METRIC_NAMES,
  GOAL_METRICS,
  type Goal,
  type GoalFigure,
  type GoalMetric,
  type GoalProgressResponse,
  type GoalsResponse,
  MONTH_NAMES,
} from '../common/api/goals';
import { axeViolations } from './axe';
import { apiGet, choose, defaultYear, openDashboard } from './dashboard-helpers';
import { loadSamples, pageToken } from './helpers';
import { VIEWPORTS } from './layout-helpers';

// The Dashboard's Goals panel and the trend chart's goal line (docs/behaviour.md section 16)
// against the real server and the sample data: goals are set through the API, and the panel must
// show the server's figures, each with its word; a location hides them, a year without goals links
// to the Configuration tab.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

async function putGoals(request: APIRequestContext, token: string, year: number, goals: Goal[]) {
  const response = await request.put('/api/config/goals', {
    headers: { Authorization: `Bearer ${token}` },
    data: { year, goals },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const progressOf = (request: APIRequestContext, token: string, year: number) =>
  apiGet<GoalProgressResponse>(request, token, `/api/dashboard/goals?year=${year}`);

/**
 * Twelve monthly amounts whose first `counted` months add up to `total` exactly (the rest of the
 * year goes on at the same pace): whole for counts, in cents for arch value.
 */
function spread(total: number, counted: number, metric: GoalMetric): number[] {
  const unit = metric === 'arch_value' ? 100 : 1;
  const units = Math.round(total * unit);
  const each = Math.floor(units / counted);
  const months = Array.from({ length: 12 }, () => each / unit);
  months[0] = (units - each * (counted - 1)) / unit;
  return months;
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const amount = (metric: GoalMetric, value: number) =>
  metric === 'arch_value'
    ? Math.round(value) === 0
      ? '-'
      : money.format(value)
    : value.toLocaleString('en-US');

/** A metric's line as the panel writes it: name, figures, then the word for where it stands. */
function metricLine(metric: GoalMetric, figure: GoalFigure, total: boolean): string {
  const name = GOAL_METRIC_NAMES[metric];
  const actual = amount(metric, figure.actual);
  // A total without a goal counts no provider.
  if (figure.goal === null)
    return `${name}${total ? 'No provider has this goal' : `${actual} so far`}No goal`;
  if (figure.percent === null) return `${name}${actual} so far · goal 0 to dateNothing due yet`;
  const word = figure.percent >= 100 ? 'Met' : figure.percent >= 80 ? 'Close' : 'Behind';
  return `${name}${actual} of ${amount(metric, figure.goal)} · ${figure.percent.toFixed(1)}%${word}`;
}

const groupLines = (figures: Record<GoalMetric, GoalFigure>, total = false) =>
  GOAL_METRICS.map((metric) => metricLine(metric, figures[metric], total));

/** The PDF report's text as drawn (jsPDF writes it uncompressed). */
async function exportedReport(page: Page, name: string): Promise<string> {
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PDF Report' }).click(),
  ]);
  const path = `.tmp/e2e-goals-report-${name}.pdf`;
  await pdf.saveAs(path);
  return readFileSync(path, 'latin1');
}

async function expectGroup(page: Page, name: string, lines: string[]) {
  const list = page.getByRole('region', { name: 'Goals' }).getByRole('list', { name, exact: true });
  await expect(list.getByRole('listitem')).toHaveText(lines);
}

for (const viewport of VIEWPORTS) {
  test(`the Goals panel shows each provider's goals to date, and the trend chart the consults goal, at ${viewport.name} width`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openDashboard(page);
    const token = await pageToken(page);
    const year = await defaultYear(request, token);
    const { providers, years } = await apiGet<ProvidersResponse>(request, token, '/api/dashboard/providers');

    // The year's goals as they were (the sample data's), put back at the end.
    const kept = (await apiGet<GoalsResponse>(request, token, `/api/config/goals?year=${year}`)).goals;
    // Each provider's actuals, with goals of 0 in place so that every provider is listed.
    await putGoals(
      request,
      token,
      year,
      providers.flatMap((provider) =>
        GOAL_METRICS.map((metric) => ({ provider, metric, months: Array(12).fill(0) })),
      ),
    );
    try {
      const first = await progressOf(request, token, year);
      expect(first.through, 'the sample data has figures in this year to date').not.toBeNull();
      const counted = Number(first.through?.slice(5, 7));
      // One provider met their consults goal and is close on arch value; another is behind.
      const [ahead, behind] = [...first.providers].sort(
        (a, b) => b.consults.actual - a.consults.actual || b.arch_value.actual - a.arch_value.actual,
      );
      expect(ahead.consults.actual).toBeGreaterThan(0);
      expect(ahead.arch_value.actual).toBeGreaterThan(0);
      await putGoals(request, token, year, [
        {
          provider: ahead.provider,
          metric: 'consults',
          months: spread(ahead.consults.actual, counted, 'consults'),
        },
        {
          provider: ahead.provider,
          metric: 'arch_value',
          months: spread(Math.round((ahead.arch_value.actual / 0.9) * 100) / 100, counted, 'arch_value'),
        },
        {
          provider: behind.provider,
          metric: 'consults',
          months: spread(behind.consults.actual * 2 + 12, counted, 'consults'),
        },
      ]);
      const goals = await progressOf(request, token, year);
      const [aheadNow, behindNow] = [ahead, behind].map((p) =>
        goals.providers.find((g) => g.provider === p.provider),
      );
      expect(
        aheadNow && groupLines(aheadNow).map((line) => line.match(/(Met|Close|Behind|No goal)$/)?.[1]),
      ).toEqual(['Met', 'No goal', 'Close']);
      expect(behindNow?.consults.percent).toBeLessThan(80);

      await page.reload();
      const panel = page.getByRole('region', { name: 'Goals' });
      const [y, m] = (goals.through ?? '').split('-').map(Number);
      await expect(panel.getByText(`Through ${MONTH_NAMES[m - 1]} ${y}`, { exact: true })).toBeVisible();
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText([
        'Total',
        ...goals.providers.map((p) => p.provider),
      ]);
      await expectGroup(page, 'Total', groupLines(goals.totals, true));
      for (const row of goals.providers) await expectGroup(page, row.provider, groupLines(row));
      expect(await axeViolations(page, '#goals'), 'the Goals panel').toEqual([]);

      // The trend chart draws the month's consults goal, and its table lists it.
      const trends = page.getByRole('region', { name: 'Monthly Trends' });
      await expect(trends.getByRole('img').getByText('Consults Goal', { exact: true })).toBeVisible();
      const table = trends.getByRole('table', { name: 'Monthly Trends' });
      await expect(table.getByRole('columnheader')).toHaveText([
        'Month',
        'Consults',
        'Consults Goal',
        'Won',
        'Win Rate %',
        'Arch Case Value',
      ]);
      // January's goal: the two consults goals' first months added up.
      const firstMonth =
        spread(ahead.consults.actual, counted, 'consults')[0] +
        spread(behind.consults.actual * 2 + 12, counted, 'consults')[0];
      await expect(table.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(String(firstMonth));

      // The PDF report opens with the same figures, and its trend chart draws the goal too.
      const report = await exportedReport(page, `${viewport.name}-all`);
      for (const words of ['(Goals)', '(% of Goal)', `(${ahead.provider})`, '(Consults Goal)'])
        expect(report).toContain(words);
      const aheadConsults = aheadNow?.consults;
      expect(report).toContain(`(${aheadConsults?.percent?.toFixed(1)}% Met)`);

      // Goals cover every location: with one chosen, one line says so and the chart draws no goal.
      await choose(page, 'Location', 'Lakeside');
      await expect(
        panel.getByText('Goals cover every location: choose All Locations to see them.', { exact: true }),
      ).toBeVisible();
      await expect(panel.getByRole('list')).toHaveCount(0);
      await expect(table.getByRole('columnheader', { name: 'Consults Goal' })).toHaveCount(0);
      await expect(trends.getByRole('img').getByText('Consults Goal', { exact: true })).toHaveCount(0);
      const narrowed = await exportedReport(page, `${viewport.name}-lakeside`);
      expect(narrowed).toContain('(Goals cover every location: choose All Locations to see them.)');
      expect(narrowed).not.toContain('(% of Goal)');
      expect(narrowed).not.toContain('(Consults Goal)');

      // A year without goals says so, with a link to where they are set.
      const earlier = years.filter((offered) => offered < year).at(-1);
      expect(earlier, 'the sample data offers a year before this one').toBeDefined();
      await choose(page, 'Location', 'All Locations');
      await choose(page, 'Year', String(earlier));
      await expect(panel.getByText(`No goals are set for ${earlier}.`)).toBeVisible();
      expect(await axeViolations(page, '#goals'), 'the Goals panel without goals').toEqual([]);
      await panel.getByRole('link', { name: 'Configuration tab' }).click();
      await expect(page.getByRole('heading', { name: 'Configuration', level: 2 })).toBeVisible();
      await expect(page).toHaveURL(/\/configuration/);
    } finally {
      await putGoals(request, token, year, kept);
    }
  });
}
