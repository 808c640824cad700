import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, renderDashboard, serve, YEAR } from './test-kit';

// The Location filter (docs/behaviour.md section 11) on the whole tab, against a server answering by URL.

vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const LOCATIONS = ['Lakeside', 'Main Street', 'Unassigned'];
// Lakeside has one of the two providers; every other answer lists both.
const PROVIDERS_AT: Record<string, string[]> = { Lakeside: ['Dr. Sarah Chen'] };

/** A server whose data has locations: the list, and each location's providers. */
const serveLocations = (locations: string[] = LOCATIONS) =>
  serve((url) => {
    if (url.pathname === '/api/dashboard/locations') return { body: { success: true, locations } };
    if (url.pathname.startsWith('/api/export/')) return { body: 'binary' };
    if (url.pathname.startsWith('/api/dashboard/consult-details/'))
      return { body: { success: true, details: [] } };
    if (url.pathname === '/api/dashboard/pending-finance-details')
      return { body: { success: true, total_value: 0, cases: [] } };
    const at = PROVIDERS_AT[url.searchParams.get('location') ?? ''];
    if (url.pathname === '/api/dashboard/providers' && at)
      return { body: { success: true, providers: at, years: [2024, 2025, YEAR] } };
    return undefined;
  });

/** Each panel's latest call carries the location, or none for every location. */
async function expectPanelsAt(fetchMock: ReturnType<typeof serve>, location: string | null) {
  await waitFor(() => {
    for (const path of [
      '/api/dashboard/consult-overview',
      '/api/dashboard/arch-cases-by-month',
      '/api/dashboard/future-case-value',
      '/api/dashboard/providers',
    ]) {
      expect(calls(fetchMock, path).at(-1)?.searchParams.get('location'), path).toBe(location);
    }
  });
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: label })).toHaveValue(option));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Location select', () => {
  it("offers 'All Locations' first, then the server's locations, and starts on every location", async () => {
    const fetchMock = serveLocations();
    renderDashboard();
    const select = await screen.findByRole('combobox', { name: 'Location' });
    expect(select).toHaveValue('All Locations');
    await userEvent.click(select);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Locations', ...LOCATIONS]);
    await expectPanelsAt(fetchMock, null);
  });

  it('refetches every panel, the providers and the details with the location chosen', async () => {
    const fetchMock = serveLocations();
    renderDashboard();
    await screen.findByRole('table', { name: 'Consult Overview' });
    await screen.findByRole('combobox', { name: 'Location' });
    await choose('Location', 'Main Street');
    await expectPanelsAt(fetchMock, 'Main Street');
    expect(window.location.search).toContain('location=Main+Street');
    // Nothing is kept outside the address.
    expect(localStorage.length).toBe(0);

    // A detail list follows the location too, and its title names it.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show 8 consults won for Dr. Sarah Chen' }),
    );
    expect(
      await screen.findByRole('dialog', { name: `Consults Won: Dr. Sarah Chen at Main Street, ${YEAR}` }),
    ).toBeInTheDocument();
    const [details] = calls(fetchMock, '/api/dashboard/consult-details/consults_won');
    expect(details.searchParams.get('location')).toBe('Main Street');
    expect(details.searchParams.get('provider')).toBe('Dr. Sarah Chen');
  });

  it('names rows without a location in a detail title', async () => {
    serveLocations();
    renderDashboard();
    await screen.findByRole('combobox', { name: 'Location' });
    await choose('Location', 'Unassigned');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show pending finance cases for all providers ($44,985)' }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Pending Finance Cases: All Providers with no location' }),
    ).toBeInTheDocument();
  });

  it('sends the location with the dashboard workbook', async () => {
    // The file goes nowhere: the link jsdom would follow is not clicked.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchMock = serveLocations();
    renderDashboard();
    await screen.findByRole('combobox', { name: 'Location' });
    await choose('Location', 'Lakeside');
    await userEvent.click(screen.getByRole('button', { name: 'Export Dashboard' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const [workbook] = calls(fetchMock, '/api/export/dashboard');
    expect(workbook.searchParams.get('location')).toBe('Lakeside');
    expect(workbook.searchParams.get('year')).toBe(String(YEAR));
  });

  it('sets the provider to All Providers, and says why, when they are not at the location chosen', async () => {
    const fetchMock = serveLocations();
    renderDashboard();
    await screen.findByRole('combobox', { name: 'Location' });
    await choose('Provider', 'Dr. Michael Rodriguez');
    expect(screen.queryByText(/^Provider set to All Providers/)).toBeNull();
    await choose('Location', 'Lakeside');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('All Providers'),
    );
    // Said in a line, read out as it appears.
    const note = await screen.findByText(
      'Provider set to All Providers: Dr. Michael Rodriguez has no patients at Lakeside',
    );
    expect(note.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => {
      const last = calls(fetchMock, '/api/dashboard/consult-overview').at(-1)!;
      expect(last.searchParams.get('location')).toBe('Lakeside');
      expect(last.searchParams.has('provider')).toBe(false);
    });
    // Only Lakeside's providers are offered now.
    await userEvent.click(screen.getByRole('combobox', { name: 'Provider' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Providers', 'Dr. Sarah Chen']);
    // The next choice ends the note.
    await userEvent.click(await screen.findByRole('option', { name: 'Dr. Sarah Chen' }));
    await waitFor(() => expect(screen.queryByText(/^Provider set to All Providers/)).toBeNull());
  });

  it('keeps a provider who is at the location', async () => {
    serveLocations();
    renderDashboard();
    await screen.findByRole('combobox', { name: 'Location' });
    await choose('Provider', 'Dr. Sarah Chen');
    await choose('Location', 'Lakeside');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('Dr. Sarah Chen'),
    );
  });

  it('opens a bare address on every location, whatever was chosen before', async () => {
    const first = serveLocations();
    const view = renderDashboard();
    await screen.findByRole('combobox', { name: 'Location' });
    await choose('Location', 'Main Street');
    await expectPanelsAt(first, 'Main Street');
    view.unmount();
    vi.unstubAllGlobals();
    // Signed in again: the address is a bare /dashboard. A location an earlier release stored in
    // the browser is not used either.
    window.history.replaceState(null, '', '/dashboard');
    localStorage.setItem('dashboard-location', 'Main Street');

    const second = serveLocations();
    renderDashboard();
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveValue('All Locations');
    await screen.findByRole('table', { name: 'Consult Overview' });
    expect(
      calls(second, '/api/dashboard/consult-overview').map((url) => url.searchParams.get('location')),
    ).toEqual([null]);
  });

  it('opens on the location the address names, as the server spells it', async () => {
    window.history.replaceState(null, '', '/dashboard?location=main+street');
    const fetchMock = serveLocations();
    renderDashboard();
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveValue('Main Street');
    await expectPanelsAt(fetchMock, 'Main Street');
  });

  it('falls back to All Locations when the address names a location no longer listed', async () => {
    window.history.replaceState(null, '', '/dashboard?location=Old+Town');
    const fetchMock = serveLocations();
    renderDashboard();
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveValue('All Locations');
    await expectPanelsAt(fetchMock, null);
  });

  it('is not shown when the data has no location, and no call names one', async () => {
    const fetchMock = serve();
    renderDashboard();
    await screen.findByRole('table', { name: 'Consult Overview' });
    await waitFor(() => expect(calls(fetchMock, '/api/dashboard/locations')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
    expect(
      fetchMock.mock.calls.filter(([url]) =>
        new URL(String(url), 'http://app.test').searchParams.has('location'),
      ),
    ).toEqual([]);
  });

  it("is not shown, and the address's location is not used, when the list cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', '/dashboard?location=Lakeside');
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/locations' ? { status: 500, body: { success: false } } : undefined,
    );
    renderDashboard();
    await screen.findByRole('table', { name: 'Consult Overview' });
    await expectPanelsAt(fetchMock, null);
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
  });
});
