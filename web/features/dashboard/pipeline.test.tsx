import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MONTH_LABELS, pipelineFixture, trendsFixture } from '../../../common/api/test-data';
import { calls, renderDashboard as render, serve, YEAR } from './test-kit';

// The Pipeline and Monthly Trends panels on the whole tab; the chart is a picture of the table.
vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stepTexts = async () => {
  const list = await screen.findByRole('list', { name: 'Pipeline steps' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('the Pipeline panel', () => {
  it("shows each step's count and rate, and the medians in words", async () => {
    serve();
    render();
    expect(screen.getByRole('heading', { name: 'Pipeline' })).toBeInTheDocument();
    expect(await stepTexts()).toEqual([
      'Consulted37 (100.0%)',
      'Presented30 (81.1%)',
      'Accepted13 (35.1%)',
      'Surgery9 (24.3%)',
      'Final4 (10.8%)',
    ]);
    const medians = screen.getByRole('list', { name: 'Median days between steps' });
    expect(
      within(medians)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Consult to accept: 21.5 days',
      'Accept to surgery: 34.0 days',
      'Surgery to final: — (not enough cases)',
    ]);
  });

  it('says so when the selection has no consults', async () => {
    const none = pipelineFixture();
    none.steps = none.steps.map((s) => ({ ...s, count: 0, rate: 0 }));
    serve((url) => (url.pathname === '/api/dashboard/pipeline' ? { body: none } : undefined));
    render();
    const panel = screen.getByRole('region', { name: 'Pipeline' });
    expect(await within(panel).findByText(/No consults for this selection/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pipeline steps' })).not.toBeInTheDocument();
  });

  it('asks again for the chosen year and shows its figures', async () => {
    const fetchMock = serve((url) => {
      if (url.pathname !== '/api/dashboard/pipeline' || url.searchParams.get('year') !== '2025') return;
      const earlier = pipelineFixture();
      earlier.year = 2025;
      earlier.steps[0] = { step: 'consulted', count: 50, rate: 100 };
      return { body: earlier };
    });
    render();
    await stepTexts();
    expect(calls(fetchMock, '/api/dashboard/pipeline')[0].searchParams.get('year')).toBe(String(YEAR));

    await userEvent.click(screen.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: '2025' }));
    await waitFor(async () => expect((await stepTexts())[0]).toBe('Consulted50 (100.0%)'));
    expect(calls(fetchMock, '/api/dashboard/pipeline').at(-1)?.searchParams.get('year')).toBe('2025');
  });
});

describe('the Monthly Trends panel', () => {
  it("shows every month's figures in a table", async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Monthly Trends' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Month', 'Consults', 'Won', 'Win Rate %', 'Arch Case Value']);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(rows.slice(1, 11).map((row) => cells(row)[0])).toEqual(MONTH_LABELS.slice(0, 10));
    expect(cells(rows[1])).toEqual(['Jan', '5', '2', '40.0%', '$29,990']);
    expect(cells(rows[6])).toEqual(['Jun', '12', '4', '33.3%', '$29,990']);
    // The data runs to November 25 (the fixture's): November is not a whole month, and says so.
    expect(cells(rows[11])).toEqual(['Nov(to 11/25) incomplete month', '17', '6', '35.3%', '-']);
  });

  it('gives no win rate for a month without consults, and marks the months not yet happened', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Monthly Trends' });
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // March had no consult: a dash, read out as why, never 0.0%.
    expect(cells(rows[3])).toEqual(['Mar', '0', '0', '—No consults', '-']);
    // December begins after today (the server's): it says so, and has no rate either.
    expect(cells(rows[12])).toEqual(['DecNot yet happened', '0', '0', '—Not yet happened', '-']);
    expect(within(table).getAllByText('Not yet happened')).toHaveLength(2);
  });

  it('marks the month the data stops part-way through, and no other', async () => {
    serve((url) =>
      url.pathname === '/api/dashboard/trends'
        ? { body: { ...trendsFixture(), data_through: '2026-10-31' } }
        : undefined,
    );
    render();
    const table = await screen.findByRole('table', { name: 'Monthly Trends' });
    // Data through October 31 leaves no month incomplete; November, begun, has no data yet.
    expect(within(table).queryByText(/incomplete month/)).not.toBeInTheDocument();
    const november = within(within(table).getAllByRole('row')[11])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(november).toEqual(['NovNo data yet', '17', '6', '—No data yet', '-']);
  });

  it("lists each month's consults goal after its consults when there are goals", async () => {
    const goals = [8, 8, 8, 8, 8, 8, 10, 10, 10, 10, 10, 12];
    serve((url) =>
      url.pathname === '/api/dashboard/trends'
        ? { body: { ...trendsFixture(), consults_goal: goals } }
        : undefined,
    );
    render();
    const table = await screen.findByRole('table', { name: 'Monthly Trends' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Month', 'Consults', 'Consults Goal', 'Won', 'Win Rate %', 'Arch Case Value']);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[1])).toEqual(['Jan', '5', '8', '2', '40.0%', '$29,990']);
    expect(cells(rows[12])).toEqual(['DecNot yet happened', '0', '12', '0', '—Not yet happened', '-']);
    expect(
      within(screen.getByRole('region', { name: 'Monthly Trends' })).getByText(
        /with each month's consults goal\.$/,
      ),
    ).toBeInTheDocument();
  });
});
