import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testPatientId } from '../../test-patients';
import { calls, PATIENTS, renderFollowUps } from './test-kit';
import { NO_STALLED_CASES } from './worklist';

// The Follow-ups tab (docs/behaviour.md section 12) against a server answering by URL.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const WORKLIST = '/api/worklist';
const latest = (fetchMock: Parameters<typeof calls>[0]) => calls(fetchMock, WORKLIST).at(-1)?.searchParams;
const table = () => screen.findByRole('table', { name: 'Stalled Cases' });

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: label })).toHaveValue(option));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Follow-ups tab', () => {
  it('shows each stage with its count and threshold, and a card selects its stage', async () => {
    const { fetchMock } = renderFollowUps('manager');
    const final = await screen.findByRole('button', {
      name: 'Awaiting Final: 1 patient, waiting 180+ days',
    });
    expect(final).toHaveTextContent('Awaiting Final1Waiting 180+ days');
    for (const name of [
      'Awaiting Surgery: 0 patients, waiting 30+ days',
      'Pending Finance: 12 patients, waiting 14+ days',
      'Lost, win back: 1 patient, waiting 14+ days',
    ])
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    expect(within(await table()).getAllByRole('row')).toHaveLength(PATIENTS.length + 1);
    expect(latest(fetchMock)?.has('stage')).toBe(false);

    await userEvent.click(final);
    await waitFor(() => expect(latest(fetchMock)?.get('stage')).toBe('awaiting_final'));
    expect(final).toHaveAttribute('aria-pressed', 'true');
    await waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(2));
    expect(within(await table()).getByRole('button', { name: 'Ann Archer' })).toBeInTheDocument();
    // The other stages keep their counts while one is selected.
    expect(screen.getByRole('button', { name: /^Pending Finance: 12 patients/ })).toBeInTheDocument();

    await userEvent.click(final);
    await waitFor(() => expect(latest(fetchMock)?.has('stage')).toBe(false));
    expect(final).toHaveAttribute('aria-pressed', 'false');
    await waitFor(async () =>
      expect(within(await table()).getAllByRole('row')).toHaveLength(PATIENTS.length + 1),
    );
  });

  it('lists the patients with every column, in the server order', async () => {
    // Patients with an appointment let in: the Next Appointment column shows.
    window.history.replaceState(null, '', '/follow-ups?scheduled=1');
    renderFollowUps('provider');
    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Patient Name',
      'Phone',
      'Stage',
      'Days Waiting',
      'Assigned To',
      'Attempts',
      'Last Contact',
      'Next Follow-up',
      'Provider · Location',
      'Source',
      'Procedure Status',
      'Case Value',
      'Next Appointment',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(rows[1])).toEqual([
      'Ann Archer',
      '(555) 010-1234',
      'Awaiting Final',
      '400',
      '-',
      '0',
      '-',
      '-',
      'Dr. Sarah Chen · Lakeside',
      '-',
      'Consult, Accepted Max, Temp Upper',
      '$29,990',
      '-',
    ]);
    // Short on one line each; the whole of a cut value, and the day the wait began, on hover.
    expect(cells(rows[2])).toEqual([
      'Bob Baker',
      '-',
      'Pending Finance',
      '40',
      'casey',
      '2',
      '02/03/26 No answer',
      '02/05/26',
      'Dr. Michael Rodriguez · N/A',
      '-',
      'Consult, PF Max',
      '$14,995',
      'TBD',
    ]);
    const titles = within(rows[2])
      .getAllByRole('cell')
      .map((td) => td.getAttribute('title'));
    expect(titles).toEqual([
      null,
      null,
      'Pending Finance',
      'Since 11/20/2025',
      'casey',
      null,
      'Call: No answer (02/03/2026)',
      '02/05/2026',
      'Dr. Michael Rodriguez · N/A',
      null,
      'Consult, PF Max',
      null,
      'TBD',
    ]);
    expect(cells(rows[3]).at(-1)).toBe('03/04/26');
    expect(screen.getByText('3 patients')).toBeInTheDocument();
  });

  it('has no Next Appointment column while patients with an appointment are left out', async () => {
    renderFollowUps('provider');
    const headers = within(await table()).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).not.toContain('Next Appointment');
    expect(headers.at(-1)).toHaveTextContent('Case Value');
  });

  it('says a row whose next follow-up is still to come is snoozed until then', async () => {
    window.history.replaceState(null, '', '/follow-ups?snoozed=1');
    renderFollowUps('manager', {
      patients: [{ ...PATIENTS[1], next_follow_up: '2026-02-12' }, PATIENTS[0]],
    });
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[1]).getByRole('cell', { name: 'Snoozed until 02/12/26' })).toHaveAttribute(
      'title',
      'Snoozed until 02/12/2026',
    );
  });

  it("opens a patient's case from their name, and Patient Lookup from the case through the shell's navigation", async () => {
    const { navigation } = renderFollowUps('provider');
    await userEvent.click(within(await table()).getByRole('button', { name: 'Bob Baker' }));
    // The address names the patient by id, never by name.
    expect(window.location.search).toContain(`case=${testPatientId('Bob Baker')}`);
    expect(window.location.search).not.toContain('Bob');
    await userEvent.click(await screen.findByRole('button', { name: 'Open in Patient Lookup' }));
    expect(navigation.openPatient).toHaveBeenCalledWith('Bob Baker', testPatientId('Bob Baker'));
  });

  it('sends include_scheduled=true while the switch is on', async () => {
    const { fetchMock } = renderFollowUps('manager');
    await table();
    expect(latest(fetchMock)?.has('include_scheduled')).toBe(false);
    const toggle = screen.getByRole('switch', { name: 'Include patients with an appointment' });
    await userEvent.click(toggle);
    await waitFor(() => expect(latest(fetchMock)?.get('include_scheduled')).toBe('true'));
    await userEvent.click(toggle);
    await waitFor(() => expect(latest(fetchMock)?.has('include_scheduled')).toBe(false));
  });

  it('sends the chosen provider and location, and keeps them in the address', async () => {
    const { fetchMock } = renderFollowUps('manager', { locations: ['Lakeside', 'Main Street'] });
    await table();
    const location = await screen.findByRole('combobox', { name: 'Location' });
    expect(location).toHaveValue('All Locations');
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('All Providers');

    await choose('Provider', 'Dr. Sarah Chen');
    await waitFor(() => expect(latest(fetchMock)?.get('provider')).toBe('Dr. Sarah Chen'));
    await choose('Location', 'Lakeside');
    await waitFor(() => expect(latest(fetchMock)?.get('location')).toBe('Lakeside'));
    expect(latest(fetchMock)?.get('provider')).toBe('Dr. Sarah Chen');
    expect(calls(fetchMock, '/api/dashboard/providers').at(-1)?.searchParams.get('location')).toBe(
      'Lakeside',
    );
    const address = new URLSearchParams(window.location.search);
    expect(address.get('provider')).toBe('Dr. Sarah Chen');
    expect(address.get('location')).toBe('Lakeside');
  });

  it("goes back to All Providers when the location's providers do not include the chosen one, and says why", async () => {
    const { fetchMock } = renderFollowUps('manager', { locations: ['Lakeside', 'Main Street'] });
    await table();
    await choose('Provider', 'Dr. Michael Rodriguez');
    expect(screen.queryByRole('status')).toBeNull();
    await choose('Location', 'Lakeside');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('All Providers'),
    );
    await waitFor(() => expect(latest(fetchMock)?.has('provider')).toBe(false));
    expect(latest(fetchMock)?.get('location')).toBe('Lakeside');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Provider set to All Providers: Dr. Michael Rodriguez has no patients at Lakeside',
    );

    // The next choice is the user's own: the line goes.
    await userEvent.click(screen.getByRole('switch', { name: 'Include snoozed' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('has no Location select when the data names no office', async () => {
    renderFollowUps('manager');
    await table();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
  });

  it('says so when there is no stalled case', async () => {
    renderFollowUps('manager', { patients: [] });
    expect(await screen.findByText(NO_STALLED_CASES)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's error in a red alert", async () => {
    renderFollowUps('manager', {
      extra: (url) =>
        url.pathname === WORKLIST
          ? { status: 400, body: { success: false, error: 'as_of must be a date written YYYY-MM-DD' } }
          : undefined,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('as_of must be a date written YYYY-MM-DD');
    expect(screen.getByRole('button', { name: /^Awaiting Final: count unknown/ })).toBeInTheDocument();
  });

  it('reads as a list of cards on a phone', async () => {
    const phone = (query: string): MediaQueryList => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
    vi.spyOn(window, 'matchMedia').mockImplementation(phone);
    window.history.replaceState(null, '', '/follow-ups?scheduled=1');
    renderFollowUps('manager');
    const list = await screen.findByRole('list', { name: 'Stalled Cases' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(PATIENTS.length);
    expect(within(cards[1]).getByRole('heading', { name: 'Bob Baker' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Pending Finance · 40 days, since 11/20/25');
    expect(cards[1]).toHaveTextContent('Assigned to: casey');
    expect(cards[1]).toHaveTextContent('Next follow-up: 02/05/26');
    expect(cards[1]).toHaveTextContent('Last contact: 02/03/26 No answer');
    expect(cards[1]).toHaveTextContent('Next appointment: TBD');
    expect(cards[1]).toHaveTextContent('Dr. Michael Rodriguez · N/A');
    expect(cards[1]).toHaveTextContent('Case value $14,995');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('exports the list with the same filters as follow_up_worklist.xlsx', async () => {
    const { fetchMock } = renderFollowUps('provider', {
      extra: (url) => (url.pathname === '/api/export/worklist' ? { body: 'binary' } : undefined),
    });
    await table();
    await userEvent.click(screen.getByRole('switch', { name: 'Include patients with an appointment' }));
    await userEvent.click(screen.getByRole('button', { name: /^Lost, win back/ }));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export Worklist' }));
    await waitFor(() => expect(saved).toEqual(['follow_up_worklist.xlsx']));
    const sent = calls(fetchMock, '/api/export/worklist').at(-1)?.searchParams;
    expect(Object.fromEntries(sent ?? [])).toEqual({ stage: 'undecided', include_scheduled: 'true' });
  });

  it('shows the first page of a long list, with the total, and the next on Show more', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      ...PATIENTS[0],
      patient_name: `Patient ${String(i).padStart(3, '0')}`,
      days_waiting: 1000 - i,
    }));
    const { fetchMock } = renderFollowUps('manager', { patients: many });
    const rows = async () => within(await table()).getAllByRole('row').length - 1;
    await waitFor(async () => expect(await rows()).toBe(100));
    expect(latest(fetchMock)?.get('limit')).toBe('100');
    expect(screen.getByText('150 patients')).toBeInTheDocument();
    expect(
      screen.getByText('Showing the first 100 of 150. Export Worklist has them all.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await rows()).toBe(150));
    expect(latest(fetchMock)?.get('limit')).toBe('200');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
