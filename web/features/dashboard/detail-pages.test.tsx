import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DETAIL_PAGE_SIZE } from '../../../common/api/dashboard';
import { type Navigation, NavigationContext } from '../../lib/navigation';
import { renderWithProviders } from '../../test-utils';
import { DetailModal, rowsShown } from './detail-modal';
import type { DetailRequest } from './detail-request';
import { calls, renderDashboard, serve } from './test-kit';

// A long detail list comes a page at a time (docs/screens.md, Detail modal).
vi.mock('./charts', () => ({ WinRateChart: () => null, ArchValueChart: () => null, TrendChart: () => null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const TOTAL_ROWS = 250;
const PATH = '/api/dashboard/pending-finance-details';
const patient = (i: number) => `Patient ${String(i).padStart(3, '0')}`;

/** The server's answer to one page of a 250-case list worth $2,500,000. */
function pendingPage(url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('page_size') ?? TOTAL_ROWS);
  const first = (page - 1) * size;
  const cases = [];
  for (let i = first; i < Math.min(first + size, TOTAL_ROWS); i++)
    cases.push({
      patient_name: patient(i + 1),
      provider: 'Dr. Sarah Chen',
      case_value: 10_000,
      date: '2026-03-04',
      procedure_status: 'PF',
    });
  return {
    body: {
      success: true,
      total_value: 2_500_000,
      cases,
      paging: { page, page_size: size, pages: Math.ceil(TOTAL_ROWS / size), total_rows: TOTAL_ROWS },
    },
  };
}
const servePending = () => serve((url) => (url.pathname === PATH ? pendingPage(url) : undefined));

const request: DetailRequest = { kind: 'pending_finance', provider: null, location: null, year: 2026 };

function renderModal(page: number, onPage = vi.fn()) {
  const navigation: Navigation = {
    openPatient: vi.fn<(name: string) => void>(),
    caseHref: vi.fn(() => ''),
    tabHref: vi.fn(() => ''),
  };
  renderWithProviders(
    <NavigationContext.Provider value={navigation}>
      <DetailModal opened request={request} page={page} onPage={onPage} onClose={() => {}} />
    </NavigationContext.Provider>,
  );
  return onPage;
}

describe('a detail list longer than a page', () => {
  it('asks for one page, and speaks of the whole list above it', async () => {
    const fetchMock = servePending();
    renderModal(2);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(patient(101))).toBeInTheDocument();
    expect(within(dialog).getAllByRole('row')).toHaveLength(DETAIL_PAGE_SIZE + 1);
    expect(dialog).toHaveTextContent('Total value: $2,500,000 · 250 cases');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Rows 101–200 of 250');
    const [asked] = calls(fetchMock, PATH);
    expect(asked.searchParams.get('page')).toBe('2');
    expect(asked.searchParams.get('page_size')).toBe(String(DETAIL_PAGE_SIZE));
  });

  it('offers the other pages as named buttons', async () => {
    servePending();
    const onPage = renderModal(2);
    const pages = await screen.findByRole('navigation', { name: 'Detail list pages' });
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 1' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });

  it('goes to the last page when asked for one past it', async () => {
    servePending();
    const onPage = renderModal(9);
    await waitFor(() => expect(onPage).toHaveBeenCalledWith(3));
  });

  it('shows no page buttons for a list of one page', async () => {
    serve((url) =>
      url.pathname === PATH
        ? {
            body: {
              success: true,
              total_value: 10_000,
              cases: [
                {
                  patient_name: 'Ann Lee',
                  provider: 'Dr. Sarah Chen',
                  case_value: 10_000,
                  date: null,
                  procedure_status: 'PF',
                },
              ],
              paging: { page: 1, page_size: 100, pages: 1, total_rows: 1 },
            },
          }
        : undefined,
    );
    renderModal(1);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ann Lee')).toBeInTheDocument();
    expect(within(dialog).queryByRole('navigation')).toBeNull();
  });
});

describe('the page in the address', () => {
  it('follows a page turn without a new history entry, and goes when the list closes', async () => {
    window.history.replaceState(null, '', '/dashboard');
    servePending();
    renderDashboard();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Show pending finance cases for all providers/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(patient(1))).toBeInTheDocument();
    const entries = window.history.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await within(dialog).findByText(patient(101))).toBeInTheDocument();
    expect(window.location.search).toBe('?details=pending_finance_cases&details_page=2');
    expect(window.history.length).toBe(entries);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('opens a linked list on its page', async () => {
    window.history.replaceState(null, '', '/dashboard?details=pending_finance_cases&details_page=3');
    servePending();
    renderDashboard();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(patient(201))).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Rows 201–250 of 250');
  });
});

describe('rowsShown', () => {
  it('names the rows of the page, the last one short', () => {
    expect(rowsShown({ page: 1, page_size: 100, pages: 124, total_rows: 12_345 })).toBe(
      'Rows 1–100 of 12,345',
    );
    expect(rowsShown({ page: 124, page_size: 100, pages: 124, total_rows: 12_345 })).toBe(
      'Rows 12,301–12,345 of 12,345',
    );
  });
});
