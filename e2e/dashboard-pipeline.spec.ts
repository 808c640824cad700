import { expect, type Page, test } from '@playwright/test';
import { PIPELINE_STEPS, type PipelineResponse, type ProvidersResponse } from '../common/api/dashboard';
import { apiGet, choose, defaultYear, openDashboard } from './dashboard-helpers';
import { loadSamples, pageToken } from './helpers';

// The Pipeline panel (docs/behaviour.md section 13) against the real server and the sample data: the funnel
// shows the API's counts and rates, and follows the Year select.

const LABELS = ['Consulted', 'Presented', 'Accepted', 'Surgery', 'Final'];

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** Each funnel step reads its name, then `count (rate%)`. */
const stepPattern = (label: string, step: PipelineResponse['steps'][number]) =>
  new RegExp(`^${label}\\s*${step.count} \\(${step.rate.toFixed(1).replace('.', '\\.')}%\\)$`);

async function expectFunnel(page: Page, pipeline: PipelineResponse) {
  const consulted = pipeline.steps.find((s) => s.step === 'consulted')?.count ?? 0;
  const panel = page.getByRole('region', { name: 'Pipeline' });
  if (consulted === 0) {
    await expect(panel.getByText(/No consults for this selection/)).toBeVisible();
    return;
  }
  expect(pipeline.steps.map((s) => s.step)).toEqual([...PIPELINE_STEPS]);
  const steps = panel.getByRole('list', { name: 'Pipeline steps' }).getByRole('listitem');
  await expect(steps).toHaveText(pipeline.steps.map((step, i) => stepPattern(LABELS[i], step)));
}

test('the Pipeline funnel shows the API figures and follows the Year select at 1280 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDashboard(page);
  const token = await pageToken(page);
  const year = await defaultYear(request, token);
  const pipelineOf = (y: number) =>
    apiGet<PipelineResponse>(request, token, `/api/dashboard/pipeline?year=${y}`);

  const current = await pipelineOf(year);
  await expectFunnel(page, current);

  // Another offered year whose funnel differs, so the check sees the panel change.
  const { years } = await apiGet<ProvidersResponse>(request, token, '/api/dashboard/providers');
  let other: { year: number; pipeline: PipelineResponse } | undefined;
  for (const y of years.filter((y) => y !== year)) {
    const pipeline = await pipelineOf(y);
    if (JSON.stringify(pipeline.steps) !== JSON.stringify(current.steps)) {
      other = { year: y, pipeline };
      break;
    }
  }
  expect(other, 'the sample data has a second year with a different pipeline').toBeDefined();
  if (!other) return;

  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/dashboard/pipeline' &&
      url.searchParams.get('year') === String(other.year) &&
      response.ok()
    );
  });
  await choose(page, 'Year', String(other.year));
  await answered;
  await expectFunnel(page, other.pipeline);
  await expect(page.getByRole('region', { name: 'Pipeline' })).toContainText(`consults of ${other.year}`);
});
