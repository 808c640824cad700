import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_LOCATIONS, ALL_PROVIDERS } from '../../../common/api/dashboard';
import { archCasesFixture, futureFixture } from '../../../common/api/test-data';
import { type Navigation, NavigationContext } from '../../lib/navigation';
import { renderWithProviders as renderPanel } from '../../test-utils';
import { ArchCasesPanel } from './arch-cases';
import { DetailModal } from './detail-modal';
import type { DetailRequest } from './detail-request';
import { FutureValuePanel } from './future-value';
import { calls, renderDashboard as render, serve, YEAR } from './test-kit';

// Headline figures, what each figure opens, and what a detail list leads to (docs/screens.md).
vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wonList = {
  success: true,
  details: [
    { patient_name: 'Ann Lee', provider: 'Dr. Sarah Chen', status: 'Won', date: '2026-03-04' },
    { patient_name: '=HYPERLINK("x")', provider: 'Dr. Michael Rodriguez', status: 'Won', date: null },
  ],
};
const serveWon = () =>
  serve((url) =>
    url.pathname === '/api/dashboard/consult-details/consults_won' ? { body: wonList } : undefined,
  );

describe('Headline figures', () => {
  it('shows the six figures with the same days of the year before beside them, and the future values as not by year', async () => {
    const fetchMock = serve();
    render();
    const figures = await screen.findByRole('region', { name: `Headline figures for ${YEAR}` });
    const cards = await within(figures).findAllByRole('button');
    const before = `Jan 1-Nov 25, ${YEAR - 1}`;
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      `Consults YTD: 37. ${before}: 30 (+7). Show the consults by provider`,
      `Consults Won: 13. ${before}: 13 (no change). Show the consults won`,
      `Win Rate: 35.1%. ${before}: 43.3% (−8.2 pts). Show the win rate by provider`,
      `Arch Case Value: $59,980. ${before}: $74,975 (−$14,995). Show the arch cases of ${YEAR}`,
      'Future Scheduled Value: $44,985. Not by year: every scheduled treatment. Show the future scheduled treatments',
      'Pending Finance Value: $44,985. Not by year: every open case. Show the pending finance cases',
    ]);
    // What is seen says the same.
    expect(cards[0]).toHaveTextContent(`Consults YTD37${before}: 30 (+7)`);
    expect(calls(fetchMock, '/api/dashboard/summary')[0].searchParams.get('year')).toBe(String(YEAR));
  });

  it('opens the list behind a figure', async () => {
    const fetchMock = serveWon();
    render();
    await userEvent.click(await screen.findByRole('button', { name: /^Consults Won: 13\./ }));
    const dialog = await screen.findByRole('dialog', { name: `Consults Won: All Providers, ${YEAR}` });
    expect(await within(dialog).findByText('Ann Lee')).toBeInTheDocument();
    expect(
      calls(fetchMock, '/api/dashboard/consult-details/consults_won')[0].searchParams.has('provider'),
    ).toBe(false);
  });

  it('moves to the Consult Overview for the figures it breaks down by provider', async () => {
    serve();
    render();
    await screen.findByRole('table', { name: 'Consult Overview' });
    await userEvent.click(await screen.findByRole('button', { name: /^Win Rate: 35.1%/ }));
    expect(screen.getByRole('region', { name: 'Consult Overview' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('variance in words', () => {
  it('says which side of the range each provider outside it lies on', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Consult Overview' });
    // Mean 20.5: Michael's 15 is below, Sarah's 26 above.
    expect(within(table).getByRole('rowheader', { name: /Dr. Michael Rodriguez/ })).toHaveTextContent(
      'Below the range',
    );
    expect(within(table).getByRole('rowheader', { name: /Dr. Sarah Chen/ })).toHaveTextContent(
      'Above the range',
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Above the range (doing better than the group): Dr. Sarah Chen.');
    expect(status).toHaveTextContent('Below the range (behind the group): Dr. Michael Rodriguez.');
  });
});

describe('detail lists', () => {
  it('puts name, value and date first, and the provider last only when the list spans providers', async () => {
    serveWon();
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show 13 consults won for all providers' }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Ann Lee');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Patient Name', 'Date', 'Status', 'Provider']);
  });

  it('opens a patient in Patient Lookup from their name', async () => {
    serveWon();
    const { openPatient } = render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show 13 consults won for all providers' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: '=HYPERLINK("x")' }));
    expect(openPatient).toHaveBeenCalledWith('=HYPERLINK("x")');
  });

  it('exports the list to Excel with the same filters', async () => {
    localStorage.setItem('token', 'tok');
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/consult-details/consults_won'
        ? { body: wonList }
        : url.pathname.startsWith('/api/export/')
          ? { body: 'binary' }
          : undefined,
    );
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show 8 consults won for Dr. Sarah Chen' }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Ann Lee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saved).toEqual(['consults_won_details.xlsx']));
    const [exported] = calls(fetchMock, '/api/export/details/consults/consults_won');
    expect(exported.searchParams.get('provider')).toBe('Dr. Sarah Chen');
    expect(exported.searchParams.get('year')).toBe(String(YEAR));
    const init = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/export/details/'))![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('says when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve((url) =>
      url.pathname === '/api/dashboard/pending-finance-details'
        ? { body: { success: true, total_value: 0, cases: [] } }
        : url.pathname.startsWith('/api/export/')
          ? { status: 500, body: { success: false, error: 'boom' } }
          : undefined,
    );
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show pending finance cases for all providers ($44,985)' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Failed to export details')).toBeInTheDocument();
  });
});

describe('row totals', () => {
  const filters = { provider: ALL_PROVIDERS, location: ALL_LOCATIONS, year: 2026 };

  it("open a provider's whole year of arch cases, and every provider's from the Grand Total", async () => {
    const onOpen = vi.fn();
    renderPanel(
      <ArchCasesPanel filters={filters} data={archCasesFixture()} loading={false} onOpen={onOpen} />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Show arch cases for Dr. Sarah Chen in 2026 ($44,985)' }),
    );
    expect(onOpen).toHaveBeenLastCalledWith({
      kind: 'arch_cases',
      month: '2026',
      provider: 'Dr. Sarah Chen',
      location: null,
      year: 2026,
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Show arch cases for all providers in 2026 ($59,980)' }),
    );
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ month: '2026', provider: null }));
  });

  it('open every future treatment of a provider, whatever the date', async () => {
    const onOpen = vi.fn();
    renderPanel(
      <FutureValuePanel filters={filters} data={futureFixture()} loading={false} onOpen={onOpen} />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Show all future treatments for Dr. Michael Rodriguez ($29,990)' }),
    );
    expect(onOpen).toHaveBeenLastCalledWith({
      kind: 'future_cases',
      month: 'all',
      provider: 'Dr. Michael Rodriguez',
      location: null,
      year: 2026,
    });
  });

  it('keep a long provider name to two lines, the whole name in its title', () => {
    const data = archCasesFixture();
    const long = 'Dr. Alexandra Montgomery-Fitzwilliam of the Northern Lakeside Practice';
    data.providers[0] = { ...data.providers[0], provider: long };
    renderPanel(<ArchCasesPanel filters={filters} data={data} loading={false} onOpen={() => {}} />);
    const name = screen.getByTitle(long);
    expect(name).toHaveTextContent(long);
    expect(name.className).toMatch(/providerName/);
  });
});

describe('the lists behind a Total cell', () => {
  const modal = (request: DetailRequest) => {
    const navigation: Navigation = {
      openPatient: vi.fn<(name: string) => void>(),
      caseHref: vi.fn(() => ''),
      tabHref: vi.fn(() => ''),
    };
    return renderPanel(
      <NavigationContext.Provider value={navigation}>
        <DetailModal opened request={request} page={1} onPage={() => {}} onClose={() => {}} />
      </NavigationContext.Provider>,
    );
  };

  it('titles a whole year of arch cases by its year, and asks for that year', async () => {
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/arch-case-details/2026'
        ? { body: { success: true, total_value: 0, patients: [] } }
        : undefined,
    );
    modal({ kind: 'arch_cases', month: '2026', provider: 'Dr. Sarah Chen', location: null, year: 2026 });
    expect(
      await screen.findByRole('dialog', { name: 'Arch Cases: Dr. Sarah Chen, 2026' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, '/api/dashboard/arch-case-details/2026')).toHaveLength(1));
  });

  it("titles every future date as 'all dates'", async () => {
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/future-case-details/all'
        ? { body: { success: true, total_value: 0, treatments: [] } }
        : undefined,
    );
    modal({ kind: 'future_cases', month: 'all', provider: null, location: 'Lakeside', year: 2026 });
    expect(
      await screen.findByRole('dialog', {
        name: 'Future Scheduled Treatments: All Providers at Lakeside, all dates',
      }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls(fetchMock, '/api/dashboard/future-case-details/all')[0].searchParams.get('location')).toBe(
        'Lakeside',
      ),
    );
  });
});
