import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, renderDashboard as render, serve, YEAR } from './test-kit';

// The charts are pictures of the tables, loaded lazily in the browser; the tables are tested here.
vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));

// Whole-tab tests render three panels and a modal: give a busy machine room before calling them slow.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Dashboard filters', () => {
  it('offers every provider and the server years, defaulting to this year, with the last import', async () => {
    const fetchMock = serve();
    render();
    expect(await screen.findByText(/11\/22\/2026/)).toBeInTheDocument();
    expect(screen.getByText(/Last Data Import:/)).toBeInTheDocument();
    // How far the data goes, which is not the day it was imported.
    expect(screen.getByText('Data through 11/01/2026')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('All Providers');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue(String(YEAR));

    await screen.findByRole('table', { name: 'Consult Overview' });
    const [first] = calls(fetchMock, '/api/dashboard/consult-overview');
    expect(first.searchParams.get('year')).toBe(String(YEAR));
    expect(first.searchParams.has('provider')).toBe(false);
  });

  it("shows 'Never' before the first import", async () => {
    serve((url) =>
      url.pathname === '/api/dashboard/last-import-date'
        ? { body: { success: true, last_import_date: null, data_through: null } }
        : undefined,
    );
    render();
    expect(await screen.findByText('Never')).toBeInTheDocument();
    expect(screen.queryByText(/Data through/)).not.toBeInTheDocument();
  });

  it('sends the chosen provider and year to every panel', async () => {
    const fetchMock = serve();
    render();
    await screen.findByRole('table', { name: 'Consult Overview' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dr. Sarah Chen' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: '2025' }));

    await waitFor(() => {
      const last = calls(fetchMock, '/api/dashboard/arch-cases-by-month').at(-1)!;
      expect(last.searchParams.get('provider')).toBe('Dr. Sarah Chen');
      expect(last.searchParams.get('year')).toBe('2025');
    });
    const overview = calls(fetchMock, '/api/dashboard/consult-overview').at(-1)!;
    expect(overview.searchParams.get('provider')).toBe('Dr. Sarah Chen');
    expect(overview.searchParams.get('year')).toBe('2025');
    const future = calls(fetchMock, '/api/dashboard/future-case-value').at(-1)!;
    expect(future.searchParams.get('provider')).toBe('Dr. Sarah Chen');
  });
});

describe('Consult Overview', () => {
  it('shows counts, win rate with one decimal, the totals row and the variance status in words', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Consult Overview' });
    const row = within(table).getByRole('row', { name: /Dr. Michael Rodriguez/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '5', '2', '13', '2', '15', '38.5%']);
    const totals = within(table).getByRole('row', { name: /Consults YTD Total/ });
    expect(totals).toHaveTextContent('35.1%');
    const variance = screen.getByRole('status');
    expect(variance).toHaveTextContent('Variance Too Large');
    expect(variance).toHaveTextContent('Below the range (behind the group)');
  });

  it('opens the consults behind a count, and closes with Close', async () => {
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/consult-details/consults_won'
        ? {
            body: {
              success: true,
              details: [
                { patient_name: 'Ann Lee', provider: 'Dr. Sarah Chen', status: 'Won', date: '2026-03-04' },
                { patient_name: 'Bo Park', provider: 'Dr. Sarah Chen', status: 'Won', date: null },
              ],
            },
          }
        : undefined,
    );
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show 8 consults won for Dr. Sarah Chen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Consults Won: Dr. Sarah Chen, ${YEAR}` });
    expect(await within(dialog).findByText('Ann Lee')).toBeInTheDocument();
    expect(within(dialog).getByText('03/04/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    const call = calls(fetchMock, '/api/dashboard/consult-details/consults_won')[0];
    expect(call.searchParams.get('provider')).toBe('Dr. Sarah Chen');
    expect(call.searchParams.get('year')).toBe(String(YEAR));

    await userEvent.click(within(dialog).getByText('Close', { selector: 'button, button *' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the totals row for every provider the filter shows', async () => {
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/consult-details/future_consults'
        ? { body: { success: true, details: [] } }
        : undefined,
    );
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show 4 future consults for all providers' }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Future Consults: All Providers, ${YEAR}` });
    expect(await within(dialog).findByText('No records for this selection.')).toBeInTheDocument();
    expect(
      calls(fetchMock, '/api/dashboard/consult-details/future_consults')[0].searchParams.has('provider'),
    ).toBe(false);
  });
});

describe('Arch Cases by Provider by Month', () => {
  it('shows money by month with totals, and opens a month with its total and count', async () => {
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/arch-case-details/2026-01'
        ? {
            body: {
              success: true,
              total_value: 29990,
              patients: [
                {
                  patient_name: 'Ann Lee',
                  provider: 'Dr. Sarah Chen',
                  case_value: 14995,
                  date: '2026-01-05',
                  status: 'Scans',
                },
                {
                  patient_name: 'Cy Diaz',
                  provider: 'Dr. Sarah Chen',
                  case_value: 14995,
                  date: '2026-01-09',
                  status: 'Temp',
                },
              ],
            },
          }
        : undefined,
    );
    render();
    const table = await screen.findByRole('table', { name: 'Arch Cases by Provider by Month' });
    const grand = within(table).getByRole('row', { name: /Grand Total/ });
    expect(grand).toHaveTextContent('$59,980');
    // A row total opens the provider's whole year.
    const sarah = within(table).getByRole('row', { name: /Dr. Sarah Chen/ });
    expect(within(sarah).getByText('$44,985').closest('button')).toHaveAccessibleName(
      `Show arch cases for Dr. Sarah Chen in ${YEAR} ($44,985)`,
    );

    await userEvent.click(
      within(table).getByRole('button', {
        name: 'Show arch cases for Dr. Sarah Chen in January 2026 ($29,990)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Arch Cases: Dr. Sarah Chen, January 2026' });
    expect(await within(dialog).findByText('Cy Diaz')).toBeInTheDocument();
    expect(within(dialog).getByText(/Total value:/)).toHaveTextContent('Total value: $29,990 · 2 cases');
    // Name, value and date first; one provider's list does not repeat the provider in every row.
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Patient Name', 'Case Value', 'Date', 'Status']);
    expect(calls(fetchMock, '/api/dashboard/arch-case-details/2026-01')[0].searchParams.get('year')).toBe(
      String(YEAR),
    );
  });
});

describe('Future Case Value & Pending Finance', () => {
  it('makes only non-zero cells clickable', async () => {
    serve();
    render();
    const grid = await screen.findByRole('table', { name: 'Future Scheduled Treatments by Month' });
    const michael = within(grid).getByRole('row', { name: /Dr. Michael Rodriguez/ });
    // The one non-zero month, and the row total.
    expect(
      within(michael)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Show future treatments for Dr. Michael Rodriguez in December 2026 ($29,990)',
      'Show all future treatments for Dr. Michael Rodriguez ($29,990)',
    ]);
    const pending = screen.getByRole('table', { name: 'Pending Finance Cases' });
    expect(
      within(within(pending).getByRole('row', { name: /Dr. Michael Rodriguez/ })).queryByRole('button'),
    ).toBeNull();
    expect(
      within(pending).getByRole('button', { name: 'Show pending finance cases for all providers ($44,985)' }),
    ).toBeInTheDocument();
  });

  it("lists undated treatments with 'TBD'", async () => {
    const fetchMock = serve((url) =>
      url.pathname === '/api/dashboard/future-case-details/TBD'
        ? {
            body: {
              success: true,
              total_value: 14995,
              treatments: [
                {
                  patient_name: 'Di Ng',
                  provider: 'Dr. Sarah Chen',
                  procedure: 'Full arch',
                  case_value: 14995,
                  appt_date: null,
                },
              ],
            },
          }
        : undefined,
    );
    render();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Show future treatments for Dr. Sarah Chen in no date yet (TBD) ($14,995)',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const row = (await within(dialog).findByText('Di Ng')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Di Ng', '$14,995', 'TBD', 'Full arch']);
    expect(calls(fetchMock, '/api/dashboard/future-case-details/TBD')[0].searchParams.get('provider')).toBe(
      'Dr. Sarah Chen',
    );
  });

  it('opens the pending finance cases of a provider', async () => {
    serve((url) =>
      url.pathname === '/api/dashboard/pending-finance-details'
        ? {
            body: {
              success: true,
              total_value: 44985,
              cases: [
                {
                  patient_name: 'Ed Fox',
                  provider: 'Dr. Sarah Chen',
                  case_value: 44985,
                  date: '2026-05-01',
                  procedure_status: 'Scans > PF',
                },
              ],
            },
          }
        : undefined,
    );
    render();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show pending finance cases for Dr. Sarah Chen ($44,985)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pending Finance Cases: Dr. Sarah Chen' });
    const row = (await within(dialog).findByText('Ed Fox')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ed Fox', '$44,985', '05/01/2026', 'Scans > PF']);
  });
});

describe('loading and failures', () => {
  it('shows skeletons while loading', async () => {
    serve();
    render();
    expect(screen.getByLabelText('Loading consult overview')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading arch cases')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Consult Overview' });
  });

  it('only logs a failed panel and leaves it empty', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve((url) =>
      url.pathname === '/api/dashboard/consult-overview'
        ? { status: 500, body: { success: false, error: 'Internal server error' } }
        : undefined,
    );
    render();
    expect(await screen.findByText(/No consults for this selection/)).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Arch Cases by Provider by Month' });
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to load consult overview:', expect.anything()),
    );
  });
});

describe('exports', () => {
  function captureDownloads() {
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    return saved;
  }

  it('downloads the dashboard and scoresheet spreadsheets with the bearer token', async () => {
    localStorage.setItem('token', 'tok');
    const saved = captureDownloads();
    const fetchMock = serve((url) =>
      url.pathname.startsWith('/api/export/') ? { body: 'binary' } : undefined,
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Export Dashboard' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Export Scoresheet' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => s.name)).toEqual(['dental_tracker_dashboard.xlsx', 'scoresheet.xlsx']);
    const [exportCall] = calls(fetchMock, '/api/export/dashboard');
    expect(exportCall.searchParams.get('year')).toBe(String(YEAR));
    const init = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/export/dashboard'))![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('says when an export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    captureDownloads();
    serve((url) =>
      url.pathname.startsWith('/api/export/')
        ? { status: 500, body: { success: false, error: 'boom' } }
        : undefined,
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Export Dashboard' }));
    expect(await screen.findByText('Failed to export dashboard')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export Scoresheet' }));
    expect(await screen.findByText('Failed to export scoresheet')).toBeInTheDocument();
  });

  it('downloads the PDF report from the server with the filters, under the name the server gives it', async () => {
    localStorage.setItem('token', 'tok');
    const saved = captureDownloads();
    const fetchMock = serve((url) =>
      url.pathname === '/api/export/report'
        ? {
            body: '%PDF-1.3',
            headers: { 'content-disposition': 'attachment; filename="full-arch-report-2026-11-22.pdf"' },
          }
        : undefined,
    );
    // The report is held back until the busy button has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/export/report')) await held;
      return answer(input, init);
    });
    render();
    await screen.findByRole('table', { name: 'Consult Overview' });
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF Report' }));
    expect(screen.getByRole('button', { name: 'Generating PDF...' })).toBeDisabled();
    release();
    expect(
      await screen.findByText('PDF exported successfully: full-arch-report-2026-11-22.pdf'),
    ).toBeInTheDocument();
    expect(saved).toEqual([{ name: 'full-arch-report-2026-11-22.pdf', href: 'blob:file' }]);
    expect(screen.getByRole('button', { name: 'Export PDF Report' })).toBeEnabled();
    const [reportCall] = calls(fetchMock, '/api/export/report');
    expect(reportCall.searchParams.get('year')).toBe(String(YEAR));
    const init = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/export/report'))![1]!;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it("says why the PDF could not be made, in the server's words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const saved = captureDownloads();
    serve((url) =>
      url.pathname === '/api/export/report'
        ? { status: 400, body: { success: false, error: 'year must be between 2000 and 2099' } }
        : undefined,
    );
    render();
    await screen.findByRole('table', { name: 'Consult Overview' });
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF Report' }));
    expect(
      await screen.findByText('Failed to export PDF: year must be between 2000 and 2099'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export PDF Report' })).toBeEnabled();
  });
});
