import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, PATIENTS, renderFollowUps } from './test-kit';
import { READ_ONLY_REASON } from './thresholds-card';
import { FINANCING_APPROVED, STAGES_HINT } from './words';

// What a treatment coordinator opens on (docs/screens.md, Follow-ups): her own cases, the team's
// figures, approved financing called out in its row and sortable first, and on a phone the
// filters behind one button so the patients come first.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const WORKLIST = '/api/worklist';
const latest = (fetchMock: Parameters<typeof calls>[0]) => calls(fetchMock, WORKLIST).at(-1)?.searchParams;
const table = () => screen.findByRole('table', { name: 'Stalled Cases' });

/** Bob Baker's last financing is approved: his surgery is to book. */
const APPROVED = PATIENTS.map((p) =>
  p.patient_name === 'Bob Baker'
    ? {
        ...p,
        financing: {
          date: '2026-02-01',
          lender: 'Acme',
          financing_status: 'approved' as const,
          amount: 12000,
        },
      }
    : p,
);

/** The window of a phone: every max-width query matches. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string): MediaQueryList => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  );
}

beforeEach(() => window.history.replaceState(null, '', '/follow-ups'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the Follow-ups list for a coordinator', () => {
  it('starts on the cases assigned to her, and says Everyone in the address when she chooses it', async () => {
    const { fetchMock } = renderFollowUps('coordinator');
    await table();
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Me');
    expect(latest(fetchMock)?.get('assigned_to')).toBe('me');
    expect(window.location.search).toBe('');

    await userEvent.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Everyone' }));
    await waitFor(() => expect(latest(fetchMock)?.has('assigned_to')).toBe(false));
    expect(new URLSearchParams(window.location.search).get('assigned')).toBe('everyone');
  });

  it('shows her the team activity and the thresholds, which she cannot change', async () => {
    const { fetchMock } = renderFollowUps('coordinator');
    expect(await screen.findByRole('region', { name: 'Team activity' })).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, '/api/worklist/summary').length).toBeGreaterThan(0));
    expect(await screen.findByText(READ_ONLY_REASON)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Thresholds' })).toBeNull();
  });

  it('starts a manager on everyone', async () => {
    const { fetchMock } = renderFollowUps('manager');
    await table();
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Everyone');
    expect(latest(fetchMock)?.has('assigned_to')).toBe(false);
  });
});

describe('approved financing in the list', () => {
  it("says so in the patient's row, and sorts those rows first on request", async () => {
    const { fetchMock } = renderFollowUps('manager', { patients: APPROVED });
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[2]).getByText(FINANCING_APPROVED)).toBeInTheDocument();
    expect(within(rows[1]).queryByText(FINANCING_APPROVED)).toBeNull();
    expect(screen.getAllByText(FINANCING_APPROVED)).toHaveLength(1);

    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(sort).toHaveValue('Longest waiting first');
    await userEvent.click(sort);
    await userEvent.click(await screen.findByRole('option', { name: 'Financing approved first' }));
    await waitFor(() => expect(latest(fetchMock)?.get('sort')).toBe('approved'));
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('approved');
    expect(sort).toHaveValue('Financing approved first');
  });

  it("says so on the patient's card on a phone", async () => {
    asPhone();
    renderFollowUps('manager', { patients: APPROVED });
    const cards = within(await screen.findByRole('list', { name: 'Stalled Cases' })).getAllByRole('listitem');
    expect(cards[1]).toHaveTextContent(FINANCING_APPROVED);
    expect(cards[0]).not.toHaveTextContent(FINANCING_APPROVED);
  });
});

describe('the first screen', () => {
  it('describes the stage cards without a line of their own', async () => {
    renderFollowUps('manager');
    await table();
    expect(screen.getByRole('group', { name: 'Stages' })).toHaveAccessibleDescription(STAGES_HINT);
    expect(screen.getByRole('switch', { name: 'Include snoozed' })).toHaveAccessibleDescription(
      'When off, patients whose next follow-up is still to come are left out until that day.',
    );
  });

  it('keeps the filters behind a button on a phone, which says how many are set', async () => {
    asPhone();
    const { fetchMock } = renderFollowUps('coordinator');
    await screen.findByRole('list', { name: 'Stalled Cases' });
    const button = screen.getByRole('button', { name: 'Filters · 1 active' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('switch', { name: 'Include snoozed' })).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const snoozed = await screen.findByRole('switch', { name: 'Include snoozed' });
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Me');
    await userEvent.click(snoozed);
    await waitFor(() => expect(latest(fetchMock)?.get('include_snoozed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Filters · 2 active' })).toBeInTheDocument();
    // The stage cards stay in view, and still select.
    await userEvent.click(screen.getByRole('button', { name: /^Lost, win back/ }));
    await waitFor(() => expect(latest(fetchMock)?.get('stage')).toBe('undecided'));
  });
});
