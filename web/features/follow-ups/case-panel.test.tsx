import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity } from '../../../common/api/activities';
import { localDay } from '../../../common/calendar-day';
import { quickPicks } from '../../components/case/words';
import { jsonBody } from '../../test-utils';
import { calls, EMPTY_SUMMARY, emptyCase, renderFollowUps } from './test-kit';

// The case of a Follow-ups row (docs/behaviour.md section 15) against a server answering by URL.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const WORKLIST = '/api/worklist';
const ACTIVITY = '/api/patient/activity';
const table = () => screen.findByRole('table', { name: 'Stalled Cases' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const activity = (over: Partial<Activity>): Activity => ({
  id: 1,
  patient_name: 'Bob Baker',
  date: '2026-02-03',
  kind: 'call',
  outcome: 'no_answer',
  note: null,
  next_follow_up: null,
  assigned_to: null,
  lender: null,
  financing_status: null,
  amount: null,
  reason: null,
  cleared_follow_up: false,
  user: 'casey',
  logged_at: new Date().toISOString(),
  ...over,
});

/** Answers every write with 201 and keeps the bodies. */
function recording() {
  const bodies: unknown[] = [];
  const extra = (url: URL, init: RequestInit) => {
    if (url.pathname !== ACTIVITY || init.method !== 'POST') return undefined;
    bodies.push(jsonBody(init));
    return { status: 201, body: { success: true, activity: activity({ id: 99 }) } };
  };
  return { bodies, extra };
}

describe('the case of a Follow-ups row', () => {
  it('opens with Enter on the name, records a call in three clicks and refetches the list', async () => {
    const { bodies, extra } = recording();
    const { fetchMock } = renderFollowUps('manager', { extra });
    within(await table())
      .getByRole('button', { name: 'Bob Baker' })
      .focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Case: Bob Baker')).toBeInTheDocument();
    expect(
      await screen.findByText('Nothing recorded yet. Record a contact or add a note above.'),
    ).toBeInTheDocument();
    const before = calls(fetchMock, WORKLIST).length;

    await userEvent.click(screen.getByRole('button', { name: 'Call' }));
    await userEvent.click(screen.getByRole('button', { name: 'No answer' }));
    await userEvent.click(screen.getByRole('button', { name: /^1 week \(/ }));

    await waitFor(() =>
      expect(bodies).toEqual([
        {
          patient_name: 'Bob Baker',
          kind: 'call',
          outcome: 'no_answer',
          // A week from today, moved to the Monday when that is a weekend.
          next_follow_up: quickPicks(localDay())[2]?.day,
        },
      ]),
    );
    // The list and its counts are read again at once: a snoozed row leaves the due list.
    await waitFor(() => expect(calls(fetchMock, WORKLIST).length).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: 'Call' })).toBeInTheDocument();
  });

  it('lets a manager assign the case to one of the active users', async () => {
    const { bodies, extra } = recording();
    renderFollowUps('manager', { extra });
    await userEvent.click(within(await table()).getByRole('button', { name: 'Ann Archer' }));
    await screen.findByRole('button', { name: 'Call' });
    // The filter comes first; the case card's select is the second of that name.
    const assign = screen.getAllByRole('combobox', { name: 'Assigned to' })[1] as HTMLElement;
    await userEvent.click(assign);
    await userEvent.click(await screen.findByRole('option', { name: 'casey' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ patient_name: 'Ann Archer', kind: 'assign', assigned_to: 'casey' }]),
    );
  });

  it('offers a provider no assign control', async () => {
    renderFollowUps('provider');
    await userEvent.click(within(await table()).getByRole('button', { name: 'Ann Archer' }));
    await screen.findByRole('button', { name: 'Call' });
    // The filter of that name stays; the case card has none.
    expect(screen.getAllByRole('combobox', { name: 'Assigned to' })).toHaveLength(1);
  });

  it('closes a case with a reason chosen in a dialog', async () => {
    const { bodies, extra } = recording();
    renderFollowUps('manager', { extra });
    await userEvent.click(within(await table()).getByRole('button', { name: 'Ann Archer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the case' });
    expect(within(dialog).getByRole('button', { name: 'Close case' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cost' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ patient_name: 'Ann Archer', kind: 'close', reason: 'cost' }]),
    );
  });

  it('records financing from a dialog and a note from its box', async () => {
    const { bodies, extra } = recording();
    renderFollowUps('provider', { extra });
    await userEvent.click(within(await table()).getByRole('button', { name: 'Ann Archer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Record financing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record financing' });
    const save = within(dialog).getByRole('button', { name: 'Save financing' });
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Lender' }), 'CareCredit');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Approved' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '12500');
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record financing' })).toBeNull());

    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Wants to talk it over at home.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          patient_name: 'Ann Archer',
          kind: 'financing',
          lender: 'CareCredit',
          financing_status: 'approved',
          amount: 12500,
        },
        { patient_name: 'Ann Archer', kind: 'note', note: 'Wants to talk it over at home.' },
      ]),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue(''));
  });

  it('shows the timeline newest first with who and when, and Delete only where allowed', async () => {
    const old = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    const cases = {
      'Bob Baker': {
        ...emptyCase('Bob Baker'),
        case: {
          ...emptyCase('Bob Baker').case,
          closed: { date: '2026-02-04', reason: 'cost' as const },
          attempts: 1,
          last_contact: { date: '2026-02-03', kind: 'call' as const, outcome: 'no_answer' as const },
        },
        activities: [
          activity({
            id: 3,
            kind: 'close',
            outcome: null,
            reason: 'cost',
            date: '2026-02-04',
            user: 'a-manager',
          }),
          activity({ id: 2, next_follow_up: '2026-02-10', user: 'a-manager', logged_at: old }),
          activity({ id: 1, user: 'casey' }),
        ],
      },
    };
    const deleted: string[] = [];
    renderFollowUps('manager', {
      cases,
      extra: (url, init) => {
        if (init.method !== 'DELETE') return undefined;
        deleted.push(url.pathname);
        return { body: { success: true } };
      },
    });
    await userEvent.click(within(await table()).getByRole('button', { name: 'Bob Baker' }));
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^02\/04\/2026 Closed: Cost.*a-manager, /),
      expect.stringMatching(/^02\/03\/2026 Call: No answerNext follow-up 02\/10\/2026a-manager, /),
      expect.stringMatching(/^02\/03\/2026 Call: No answercasey, /),
    ]);
    // Its writer within 24 hours: only the first; the second is older, the third another's.
    expect(
      within(items[0]).getByRole('button', { name: 'Delete Closed: Cost of 02/04/2026' }),
    ).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(items[2]).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.getByText('Closed 02/04/2026: Cost')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen case' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call' })).toBeNull();

    await userEvent.click(within(items[0]).getByRole('button', { name: /^Delete/ }));
    await waitFor(() => expect(deleted).toEqual([`${ACTIVITY}/3`]));
  });

  it('lets an admin delete any activity', async () => {
    const old = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();
    renderFollowUps('admin', {
      cases: {
        'Bob Baker': { ...emptyCase('Bob Baker'), activities: [activity({ user: 'casey', logged_at: old })] },
      },
    });
    await userEvent.click(within(await table()).getByRole('button', { name: 'Bob Baker' }));
    expect(
      await screen.findByRole('button', { name: 'Delete Call: No answer of 02/03/2026' }),
    ).toBeInTheDocument();
  });
});

describe('the worklist with case work', () => {
  it('sorts from the headers and filters by owner and snoozed, in the address', async () => {
    const { fetchMock } = renderFollowUps('manager');
    const latest = () => calls(fetchMock, WORKLIST).at(-1)?.searchParams;
    await table();
    const value = screen.getByRole('columnheader', { name: 'Case Value' });
    expect(value).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Days Waiting' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(within(value).getByRole('button'));
    await waitFor(() => expect(latest()?.get('sort')).toBe('value'));
    expect(screen.getByRole('columnheader', { name: 'Case Value' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await userEvent.click(
      within(screen.getByRole('columnheader', { name: 'Days Waiting' })).getByRole('button'),
    );
    await waitFor(() => expect(latest()?.has('sort')).toBe(false));
    await userEvent.click(
      within(screen.getByRole('columnheader', { name: 'Days Waiting' })).getByRole('button'),
    );
    await waitFor(() => expect(latest()?.get('sort')).toBe('recent'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Me' }));
    await waitFor(() => expect(latest()?.get('assigned_to')).toBe('me'));
    await userEvent.click(screen.getByRole('switch', { name: 'Include snoozed' }));
    await waitFor(() => expect(latest()?.get('include_snoozed')).toBe('true'));
    expect(window.location.search).toBe('?sort=recent&assigned=me&snoozed=1');
  });

  it("shows managers the team's activity as a table with totals and the close reasons", async () => {
    const summary = {
      ...EMPTY_SUMMARY,
      users: [
        { user: 'a-manager', contacts: 4, reached: 2, scheduled: 1, notes: 3, financing: 1, closed: 1 },
        { user: 'casey', contacts: 6, reached: 1, scheduled: 0, notes: 0, financing: 0, closed: 2 },
      ],
      totals: { contacts: 10, reached: 3, scheduled: 1, notes: 3, financing: 1, closed: 3 },
      close_reasons: { ...EMPTY_SUMMARY.close_reasons, cost: 2, health: 1 },
    };
    const { fetchMock } = renderFollowUps('manager', { summary });
    const card = await screen.findByRole('region', { name: 'Team activity' });
    const grid = await within(card).findByRole('table', { name: 'Team activity' });
    const rows = within(grid)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'UserContactsReachedScheduledNotesFinancingClosed',
      'a-manager421311',
      'casey610002',
      'Total1031313',
    ]);
    expect(within(card).getByText(/Cost 2, Health 1/)).toBeInTheDocument();
    const asked = calls(fetchMock, '/api/worklist/summary').at(-1)?.searchParams;
    expect(asked?.get('from')).toBe(`${localDay().slice(0, 8)}01`);
    expect(asked?.get('to')).toBe(localDay());
  });

  it('shows a provider no team activity', async () => {
    const { fetchMock } = renderFollowUps('provider');
    await table();
    expect(screen.queryByRole('region', { name: 'Team activity' })).toBeNull();
    expect(calls(fetchMock, '/api/worklist/summary')).toHaveLength(0);
  });
});
