import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditEvent } from '../../../common/api/audit';
import type { User } from '../../../common/api/auth';
import { formatDateTime } from '../../../common/format';
import { mockFetch, renderWithProviders } from '../../test-utils';
import { AuditLog, NO_EVENTS } from './audit-log';

const user = (id: number, username: string): User => ({
  id,
  username,
  email: null,
  role: 'admin',
  provider_name: null,
  is_active: true,
  has_mfa: false,
  last_login: null,
  created_at: '2025-01-01T00:00:00.000Z',
});

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  at: '2026-03-05T14:30:00.000Z',
  user_id: 1,
  username: 'admin',
  action: 'login',
  detail: null,
  ip: '10.0.0.9',
  ...over,
});

const LOOKUP = event({
  id: 2,
  username: 'drlee',
  action: 'patient_lookup',
  detail: { patient_name: 'Anthony Hernandez' },
});

interface Answer {
  events?: AuditEvent[];
  total?: number;
  pages?: number;
}

/** The section at /users?{query}, the server answering the users list and the log. */
function renderLog(
  query = '',
  answer: (url: URL) => Answer | { status: number; error: string } = () => ({}),
) {
  window.history.replaceState(null, '', `/users${query ? `?${query}` : ''}`);
  const fetchMock = mockFetch((raw) => {
    const url = new URL(raw, 'http://app.test');
    if (url.pathname === '/api/auth/users')
      return { body: { success: true, users: [user(1, 'admin'), user(2, 'drlee')] } };
    if (url.pathname === '/api/audit/export') return { body: 'csv' };
    if (url.pathname !== '/api/audit') return undefined;
    const a = answer(url);
    if ('status' in a) return { status: a.status, body: { success: false, error: a.error } };
    const events = a.events ?? [LOOKUP, event({})];
    const total = a.total ?? events.length;
    const page = Number(url.searchParams.get('page') ?? 1);
    return {
      body: { success: true, events, total, page, limit: 50, pages: a.pages ?? Math.ceil(total / 50) },
    };
  });
  renderWithProviders(<AuditLog />);
  return fetchMock;
}

/** The query of each call to the log, in order. */
const logCalls = (fetchMock: ReturnType<typeof mockFetch>, path = '/api/audit') =>
  fetchMock.mock.calls
    .map(([raw]) => new URL(String(raw), 'http://app.test'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

afterEach(() => vi.restoreAllMocks());

describe('Audit Log', () => {
  it('lists events newest first with their words, and the page they are on', async () => {
    renderLog();
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['When', 'User', 'Action', 'What', 'IP']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      formatDateTime('2026-03-05T14:30:00.000Z'),
      'drlee',
      'Patient lookup',
      'Looked up patient Anthony Hernandez',
      '10.0.0.9',
    ]);
    expect(second).toHaveTextContent('Signed in');
    expect(screen.getByRole('status')).toHaveTextContent('Page 1 of 1 (2 events)');
    expect(screen.queryByRole('navigation', { name: 'Audit log pages' })).toBeNull();
  });

  it('names every action the server records', async () => {
    renderLog('', () => ({ events: AUDIT_ACTIONS.map((action, i) => event({ id: i + 1, action })) }));
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual(
      AUDIT_ACTIONS.map((a) => AUDIT_ACTION_NAMES[a]),
    );
    for (const row of rows) expect(within(row).getAllByRole('cell')[3].textContent).not.toBe('');
  });

  it('shows the system for an event without a user, and an action it does not know as recorded', async () => {
    renderLog('', () => ({
      events: [
        event({ id: 5, username: null, action: 'first_admin_created' }),
        event({ id: 6, action: 'old_action' }),
      ],
    }));
    const table = await screen.findByRole('table', { name: 'Audit events' });
    const [, system, old] = within(table).getAllByRole('row');
    expect(within(system).getAllByRole('cell')[1]).toHaveTextContent('-');
    expect(within(old).getAllByRole('cell')[2]).toHaveTextContent('old_action');
  });

  it('filters by action, and keeps the filter in the address', async () => {
    const fetchMock = renderLog('audit_page=3', () => ({ total: 200 }));
    await screen.findByRole('table', { name: 'Audit events' });
    expect(logCalls(fetchMock)[0]).toEqual({ page: '3' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Patient lookup' }));
    // A new filter starts at page 1.
    await waitFor(() => expect(window.location.search).toBe('?audit_action=patient_lookup'));
    await waitFor(() => expect(logCalls(fetchMock).at(-1)).toEqual({ action: 'patient_lookup', page: '1' }));
  });

  it('applies a typed username once, on Enter, and a chosen one at once', async () => {
    const fetchMock = renderLog();
    await screen.findByRole('table', { name: 'Audit events' });
    const box = screen.getByRole('combobox', { name: 'User' });
    await userEvent.type(box, 'Former-Nurse{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?audit_user=Former-Nurse'));
    await waitFor(() => expect(logCalls(fetchMock).at(-1)).toEqual({ user: 'Former-Nurse', page: '1' }));
    // Each key did not read the log: only the first read and the one for the name.
    expect(logCalls(fetchMock)).toHaveLength(2);

    await userEvent.clear(box);
    await userEvent.type(box, 'drl');
    await userEvent.click(await screen.findByRole('option', { name: 'drlee' }));
    await waitFor(() => expect(window.location.search).toBe('?audit_user=drlee'));
  });

  it('filters by dates, and refuses From after To without asking the server', async () => {
    const fetchMock = renderLog();
    await screen.findByRole('table', { name: 'Audit events' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(logCalls(fetchMock).at(-1)).toEqual({ from: '2026-03-10', page: '1' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();
    expect(window.location.search).toBe('?audit_from=2026-03-10&audit_to=2026-03-01');
    const before = logCalls(fetchMock).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(logCalls(fetchMock).at(-1)).toEqual({ from: '2026-03-10', to: '2026-03-31', page: '1' }),
    );
    expect(logCalls(fetchMock)).toHaveLength(before + 1);
  });

  it('clears every filter at once', async () => {
    renderLog('audit_user=drlee&audit_action=login&audit_from=2026-01-01&audit_page=2', () => ({
      total: 120,
    }));
    await screen.findByRole('table', { name: 'Audit events' });
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('drlee');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('Sign-in');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('pages through the log', async () => {
    const fetchMock = renderLog('', () => ({ total: 312 }));
    expect(await screen.findByRole('status')).toHaveTextContent('Page 1 of 7 (312 events)');
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Page 2 of 7 (312 events)'));
    expect(window.location.search).toBe('?audit_page=2');
    expect(logCalls(fetchMock).at(-1)).toEqual({ page: '2' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 7' }));
    await waitFor(() => expect(window.location.search).toBe('?audit_page=7'));
  });

  it('shows the last page when the address asks for one past it', async () => {
    renderLog('audit_page=9', () => ({ total: 60 }));
    await waitFor(() => expect(window.location.search).toBe('?audit_page=2'));
  });

  it('says when nothing matches, and why the log could not be read', async () => {
    renderLog('audit_user=nobody', () => ({ events: [], total: 0 }));
    expect(await screen.findByText(NO_EVENTS)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's reason when the log cannot be read", async () => {
    renderLog('', () => ({ status: 403, error: 'Only admins can read the audit log' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can read the audit log');
  });

  it('exports the filtered events as audit_log.csv', async () => {
    const fetchMock = renderLog('audit_action=patient_lookup&audit_user=drlee&audit_page=2', () => ({
      total: 80,
    }));
    await screen.findByRole('table', { name: 'Audit events' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit_log.csv']));
    // Every page of the filtered events, not only the one shown.
    expect(logCalls(fetchMock, '/api/audit/export')).toEqual([{ user: 'drlee', action: 'patient_lookup' }]);
  });
});
