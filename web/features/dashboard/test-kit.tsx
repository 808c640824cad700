import { Notifications } from '@mantine/notifications';
import { dashboardApi } from '../../../common/api/dashboard';
import { goalsApi } from '../../../common/api/goals';
import { marketingApi } from '../../../common/api/marketing';
import {
  archCasesFixture,
  futureFixture,
  noGoalsFixture,
  overviewFixture,
  pipelineFixture,
  summaryFixture,
  trendsFixture,
} from '../../../common/api/test-data';
import { type Navigation, NavigationContext } from '../../lib/navigation';
import { mockFetch, renderWithProviders } from '../../test-utils';
import DashboardTab from '.';

/**
 * What the whole-tab tests share: a server answering by URL, and the tab with its notices. Not a
 * test file itself, so it names the paths through their endpoints (scripts/import-boundaries.ts).
 */

export const YEAR = new Date().getFullYear();

type Answer = { status?: number; body: unknown } | undefined;

/**
 * Answers the dashboard's calls from the fixtures; `extra` goes first. The data has no location
 * unless `extra` answers the locations call.
 */
export function serve(extra: (url: URL) => Answer = () => undefined) {
  return mockFetch((raw) => {
    const url = new URL(raw, 'http://app.test');
    return extra(url) ?? answerDashboard(url);
  });
}

/** The fixtures' answer to one of the dashboard's calls; undefined for any other call. */
export function answerDashboard(url: URL): Answer {
  switch (url.pathname) {
    case dashboardApi.providers.path:
      return {
        body: {
          success: true,
          providers: ['Dr. Michael Rodriguez', 'Dr. Sarah Chen'],
          years: [2024, 2025, YEAR, YEAR + 1].filter((y, i, all) => all.indexOf(y) === i),
        },
      };
    case dashboardApi.locations.path:
      return { body: { success: true, locations: [] } };
    case dashboardApi.lastImportDate.path:
      return {
        body: { success: true, last_import_date: '2026-11-22T21:15:00.000Z', data_through: '2026-11-01' },
      };
    case dashboardApi.consultOverview.path:
      return { body: overviewFixture() };
    case dashboardApi.archCases.path:
      return { body: archCasesFixture() };
    case dashboardApi.futureCaseValue.path:
      return { body: futureFixture() };
    case dashboardApi.pipeline.path:
      return { body: pipelineFixture() };
    case dashboardApi.trends.path:
      return { body: trendsFixture() };
    case dashboardApi.summary.path:
      return { body: summaryFixture(Number(url.searchParams.get('year') ?? YEAR)) };
    // No goals unless `extra` answers with some.
    case goalsApi.progress.path:
      return { body: noGoalsFixture(Number(url.searchParams.get('year') ?? YEAR)) };
    // Nothing by source unless `extra` answers with some.
    case marketingApi.returnBySource.path:
      return { body: noMarketingFixture(Number(url.searchParams.get('year') ?? YEAR)) };
    default:
      return undefined;
  }
}

/** A return by source with nothing in it: no lead, spend or case in the year to date. */
export const noMarketingFixture = (year: number) => ({
  success: true,
  year,
  through: `${year}-01`,
  spend_included: true,
  sources: [],
  totals: {
    spend: 0,
    leads: 0,
    consults: 0,
    won: 0,
    arches: 0,
    arch_value: 0,
    cost_per_lead: null,
    cost_per_consult: null,
    cost_per_arch: null,
    value_per_dollar: null,
    median_days_to_consult: null,
  },
});

/** The calls made to one path, as URLs, oldest first. */
export const calls = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://app.test')).filter((u) => u.pathname === path);

/** The tab as the shell shows it; `openPatient` records the patients a name was selected for. */
export const renderDashboard = () => {
  const navigation: Navigation = {
    openPatient: vi.fn<(name: string) => void>(),
    caseHref: vi.fn(() => ''),
    tabHref: vi.fn((tab: string) => `/${tab}`),
  };
  const view = renderWithProviders(
    <NavigationContext.Provider value={navigation}>
      <Notifications />
      <DashboardTab />
    </NavigationContext.Provider>,
  );
  return { ...view, openPatient: navigation.openPatient };
};
