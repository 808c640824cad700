import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GoalProgressResponse } from '../../../common/api/goals';
import { goalsFixture, noGoalsFixture } from '../../../common/api/test-data';
import type { Role } from '../../../common/roles';
import { renderSignedIn } from '../../test-utils';
import DashboardTab from '.';
import { answerDashboard, calls, renderDashboard, serve, YEAR } from './test-kit';

// The Goals panel (docs/behaviour.md section 16) on the whole tab, against a server answering by URL.

vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const GOALS = '/api/dashboard/goals';

/** A server whose data has two offices and whose goals answer is `goals` (for any year). */
const serveGoals = (goals: (year: number) => GoalProgressResponse) =>
  serve((url) => {
    if (url.pathname === GOALS) return { body: goals(Number(url.searchParams.get('year') ?? YEAR)) };
    if (url.pathname === '/api/dashboard/locations')
      return { body: { success: true, locations: ['Lakeside', 'Main Street'] } };
    return undefined;
  });

const panel = () => screen.getByRole('region', { name: 'Goals' });

/** Each metric of a group as `{status}: {text}`, the status being the colour the bar is drawn in. */
async function groupLines(name: string) {
  const list = await within(panel()).findByRole('list', { name });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => `${item.dataset.status}: ${item.textContent}`);
}

/** The width of a metric's bar: the filled part inside the track, its last part. */
const barWidth = (item: HTMLElement) =>
  (item.lastElementChild?.firstElementChild as HTMLElement | null)?.style.width;

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: label })).toHaveValue(option));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Goals panel', () => {
  it('shows the totals first, then each provider: actual, goal and percent, in a colour and a word', async () => {
    serveGoals(() => goalsFixture());
    renderDashboard();
    expect(await within(panel()).findByText('Through November 2026')).toBeInTheDocument();
    expect(
      within(panel())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Total', 'Dr. Michael Rodriguez', 'Dr. Sarah Chen']);
    // Green from 100%, amber from 80%, red below: each said in words too.
    expect(await groupLines('Total')).toEqual([
      'close: Consults37 of 42 · 88.1%Close',
      'met: Cases won13 of 6 · 216.7%Met',
      'behind: Arch value$29,990 of $60,000 · 50.0%Behind',
    ]);
    expect(await groupLines('Dr. Michael Rodriguez')).toEqual([
      'met: Consults13 of 12 · 108.3%Met',
      'close: Cases won5 of 6 · 83.3%Close',
      'behind: Arch value$29,990 of $60,000 · 50.0%Behind',
    ]);
    // A goal of 0 so far has no percent; without a goal, only what was done.
    expect(await groupLines('Dr. Sarah Chen')).toEqual([
      'close: Consults24 of 30 · 80.0%Close',
      'nothing_due: Cases won8 so far · goal 0 to dateNothing due yet',
      'none: Arch value$29,990 so farNo goal',
    ]);
    expect(
      within(panel()).getByText(
        'Met: 100% of the goal or more. Close: 80% or more. Behind: under 80%. The totals add up the providers with each goal.',
      ),
    ).toBeInTheDocument();
  });

  it('draws each bar as wide as its percent, full past the goal, empty without one', async () => {
    serveGoals(() => goalsFixture());
    renderDashboard();
    const list = await within(panel()).findByRole('list', { name: 'Dr. Sarah Chen' });
    const widths = within(list).getAllByRole('listitem').map(barWidth);
    expect(widths).toEqual(['80%', '0%', '0%']);
    const total = within(panel()).getByRole('list', { name: 'Total' });
    expect(barWidth(within(total).getAllByRole('listitem')[1])).toBe('100%');
  });

  it("asks for the Dashboard's year and provider, and no location", async () => {
    const fetchMock = serveGoals(() => goalsFixture());
    renderDashboard();
    await within(panel()).findByText('Through November 2026');
    expect(calls(fetchMock, GOALS)[0].searchParams.get('year')).toBe(String(YEAR));
    await choose('Provider', 'Dr. Sarah Chen');
    await waitFor(() =>
      expect(calls(fetchMock, GOALS).at(-1)?.searchParams.get('provider')).toBe('Dr. Sarah Chen'),
    );
    for (const url of calls(fetchMock, GOALS)) expect(url.searchParams.has('location')).toBe(false);
  });

  it('says that no provider has a goal of a kind in the totals, rather than a 0 done', async () => {
    const goals = goalsFixture();
    goals.totals.won = { goal: null, actual: 0, percent: null };
    serveGoals(() => goals);
    renderDashboard();
    expect((await groupLines('Total'))[1]).toBe('none: Cases wonNo provider has this goalNo goal');
  });

  it('leaves out the totals when one provider is shown: they would repeat that provider', async () => {
    serveGoals(() => ({ ...goalsFixture(), providers: goalsFixture().providers.slice(1) }));
    renderDashboard();
    await within(panel()).findByRole('list', { name: 'Dr. Sarah Chen' });
    expect(within(panel()).queryByRole('list', { name: 'Total' })).toBeNull();
    expect(within(panel()).queryByText(/The totals add up/)).toBeNull();
  });

  it('says in one line that goals cover every location when one is chosen', async () => {
    const fetchMock = serveGoals(() => goalsFixture());
    renderDashboard();
    await within(panel()).findByRole('list', { name: 'Total' });
    const before = calls(fetchMock, GOALS).length;
    await choose('Location', 'Lakeside');
    expect(
      await within(panel()).findByText('Goals cover every location: choose All Locations to see them.'),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('list')).toBeNull();
    expect(calls(fetchMock, GOALS)).toHaveLength(before);
  });

  it('makes no goals call when the Dashboard opens on a location', async () => {
    window.history.replaceState(null, '', '/dashboard?location=Lakeside');
    const fetchMock = serveGoals(() => goalsFixture());
    renderDashboard();
    expect(
      await within(panel()).findByText('Goals cover every location: choose All Locations to see them.'),
    ).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Consult Overview' });
    expect(calls(fetchMock, GOALS)).toHaveLength(0);
  });

  it('says a year has no goals, with a link to the Configuration tab', async () => {
    serveGoals((year) => noGoalsFixture(year));
    renderDashboard();
    expect(await within(panel()).findByText(/No goals are set for \d{4}\./)).toBeInTheDocument();
    const link = within(panel()).getByRole('link', { name: 'Configuration tab' });
    expect(link).toHaveAttribute('href', '/configuration');
    await userEvent.click(link);
    expect(window.location.pathname).toBe('/configuration');
  });

  it('names the provider chosen when they have no goals', async () => {
    serveGoals((year) => noGoalsFixture(year));
    renderDashboard();
    await within(panel()).findByText(/No goals are set for/);
    await choose('Provider', 'Dr. Sarah Chen');
    expect(
      await within(panel()).findByText(`No goals are set for Dr. Sarah Chen in ${YEAR}.`, { exact: false }),
    ).toBeInTheDocument();
  });

  it('says that nothing is counted yet in a year not begun', async () => {
    serveGoals((year) => ({ ...goalsFixture(), year, through: null }));
    window.history.replaceState(null, '', `/dashboard?year=${YEAR + 1}`);
    renderDashboard();
    expect(
      await within(panel()).findByText(`Nothing is counted yet: ${YEAR + 1} has not begun.`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('list')).toBeNull();
    expect(
      within(panel()).getByRole('link', { name: 'See its goals on the Configuration tab' }),
    ).toBeInTheDocument();
  });

  it('shows grey placeholder rows while the goals load', async () => {
    const fetchMock = serve();
    const answer = fetchMock.getMockImplementation();
    // The goals call never answers here.
    fetchMock.mockImplementation((input, init) =>
      new URL(String(input), 'http://app.test').pathname === GOALS || !answer
        ? new Promise<Response>(() => {})
        : answer(input, init),
    );
    renderDashboard();
    expect(within(panel()).getByLabelText('Loading goals')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Consult Overview' });
    expect(within(panel()).getByLabelText('Loading goals')).toBeInTheDocument();
  });
});

describe('the link to set goals', () => {
  const renderAs = (role: Role) =>
    renderSignedIn(<DashboardTab />, role, (raw) => {
      const url = new URL(raw, 'http://app.test');
      return url.pathname === GOALS ? { body: noGoalsFixture() } : answerDashboard(url);
    });

  it('asks a manager or admin to set them', async () => {
    renderAs('manager');
    expect(await screen.findByText(/Set them on the/)).toBeInTheDocument();
  });

  it('tells a provider who sets them', async () => {
    renderAs('provider');
    expect(await screen.findByText(/Managers and admins set them on the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configuration tab' })).toHaveAttribute('href', '/configuration');
  });
});
