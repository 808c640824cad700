import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientData } from '../../../common/api/patients';
import { nameOfTestId, testPatientId } from '../../test-patients';
import { mockFetch, type Route, renderWithProviders } from '../../test-utils';
import PatientLookupTab from '.';
import { NO_SCORESHEET } from './patient-overview';
import { NO_TREATMENT_FOUND } from './procedure-history';
import { makePatient, makeScoresheet } from './test-data';

const NAMES = ['John Smith', 'Johnny Appleseed', 'Mary Johnson'];

/** Answers searches from NAMES and lookups from `patients`; `override` goes first. */
function serve(patients: Record<string, PatientData>, override?: Route) {
  return mockFetch((url, init) => {
    const answer = override?.(url, init);
    if (answer) return answer;
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/patient/search') {
      const q = (searchParams.get('q') ?? '').toLowerCase();
      const found = NAMES.filter((n) => n.toLowerCase().includes(q));
      return { body: { success: true, patients: found, total: found.length } };
    }
    if (pathname === '/api/patient/lookup') {
      const name = nameOfTestId(Object.keys(patients), searchParams.get('id'));
      const data = name === undefined ? undefined : patients[name];
      return data
        ? { body: { success: true, data } }
        : { status: 404, body: { success: false, error: 'Patient not found', code: 'patient_not_found' } };
    }
    return undefined;
  });
}

const searchBox = () => screen.getByRole('combobox', { name: 'Search patients' });
/** The suggestion the keyboard is on, as the search box tells assistive technology. */
const highlighted = () => {
  const id = searchBox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};
/** The value the overview shows under a label (a <dd> after its <dt>). */
const field = (overview: HTMLElement, label: string) =>
  within(overview).getByText(label, { selector: 'dt' }).nextElementSibling;
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(path));

/** Types, waits for the suggestion, and chooses it with the keyboard. */
async function chooseWithKeyboard(typed: string, name: string) {
  const user = userEvent.setup();
  await user.type(searchBox(), typed);
  await screen.findByRole('option', { name });
  const options = screen.getAllByRole('option').map((option) => option.textContent);
  for (let i = 0; i <= options.indexOf(name); i++) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
}

afterEach(() => vi.unstubAllGlobals());

describe('Patient Lookup', () => {
  it('suggests names only after two characters, with one call per pause in typing', async () => {
    const fetchMock = serve({});
    renderWithProviders(<PatientLookupTab />);
    const user = userEvent.setup();
    await user.type(searchBox(), 'j');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls(fetchMock, '/api/patient/search')).toEqual([]);
    expect(screen.queryByRole('option')).toBeNull();

    await user.type(searchBox(), 'ohn');
    expect(await screen.findByRole('option', { name: 'Johnny Appleseed' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(NAMES);
    expect(calls(fetchMock, '/api/patient/search')).toEqual(['/api/patient/search?q=john']);
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '200px', overflowY: 'auto' });
  });

  it('chooses a suggestion with the keyboard and shows the overview, naming the patient by id', async () => {
    const patient = makePatient({
      patient_name: 'Mary Johnson',
      scoresheet: makeScoresheet({
        score: 43,
        case_value: 29990,
        procedure_status: 'Consult, Presented Max, Accepted Max, Temp Upper',
        date_of_temp_placement: '2025-04-09',
        treatment_flags: { ...makeScoresheet().treatment_flags, had_temp_upper: true },
      }),
    });
    const fetchMock = serve({ 'Mary Johnson': patient });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('john', 'Mary Johnson');

    expect(searchBox()).toHaveValue('Mary Johnson');
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    const id = testPatientId('Mary Johnson');
    expect(calls(fetchMock, '/api/patient/lookup')).toEqual([`/api/patient/lookup?id=${id}`]);
    expect(window.location.search).toBe(`?patient=${id}`);
    expect(within(overview).getByText('Mary Johnson')).toBeInTheDocument();
    expect(within(overview).getByText('Dr. Sarah Chen')).toBeInTheDocument();
    expect(within(overview).getByText('43')).toBeInTheDocument();
    expect(within(overview).getByText('Won')).toBeInTheDocument();
    expect(within(overview).getByText('$29,990')).toBeInTheDocument();
    expect(
      within(overview).getByText('Consultation → Case Presented → Case Accepted → Temporary Placement'),
    ).toBeInTheDocument();
    expect(
      within(overview).getByText('Consult, Presented Max, Accepted Max, Temp Upper'),
    ).toBeInTheDocument();
    expect(within(overview).getByText('04/09/2025')).toBeInTheDocument();
    // The list closed once a patient was chosen.
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says when more patients match than the list shows', async () => {
    const many = Array.from({ length: 20 }, (_, i) => `Pat${i + 10} Lee`);
    serve({}, (url) =>
      url.startsWith('/api/patient/search')
        ? { body: { success: true, patients: many, total: 57 } }
        : undefined,
    );
    renderWithProviders(<PatientLookupTab />);
    await userEvent.type(searchBox(), 'lee');
    expect(await screen.findByText('Showing 20 of 57 matches; type more of the name')).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(20);
  });

  it('says nothing more when the list holds every match', async () => {
    serve({});
    renderWithProviders(<PatientLookupTab />);
    await userEvent.type(searchBox(), 'john');
    await screen.findByRole('option', { name: 'Mary Johnson' });
    expect(screen.queryByText(/Showing \d+ of/)).toBeNull();
  });

  it('suggests a name written Last, First as the server finds it', async () => {
    const fetchMock = serve({}, (url) =>
      url.startsWith('/api/patient/search')
        ? { body: { success: true, patients: ['Anthony Hernandez'], total: 1 } }
        : undefined,
    );
    renderWithProviders(<PatientLookupTab />);
    await userEvent.type(searchBox(), 'Hernandez, Ant');
    expect(await screen.findByRole('option', { name: 'Anthony Hernandez' })).toBeInTheDocument();
    expect(calls(fetchMock, '/api/patient/search').at(-1)).toBe('/api/patient/search?q=Hernandez%2C%20Ant');
  });

  it('moves up as well as down, and Escape closes the list without choosing', async () => {
    const fetchMock = serve({ 'John Smith': makePatient() });
    renderWithProviders(<PatientLookupTab />);
    const user = userEvent.setup();
    await user.type(searchBox(), 'john');
    await screen.findByRole('option', { name: 'Mary Johnson' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe('Johnny Appleseed');
    await user.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('John Smith');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(calls(fetchMock, '/api/patient/lookup')).toEqual([]);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('region', { name: 'Patient Overview' })).toBeInTheDocument();
    expect(calls(fetchMock, '/api/patient/lookup')).toEqual([
      `/api/patient/lookup?id=${testPatientId('John Smith')}`,
    ]);
  });

  it('lists procedures and appointments, with N/A, - and TBD where values are missing', async () => {
    serve({ 'John Smith': makePatient() });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');

    const history = await screen.findByRole('table', { name: 'Procedure History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('03/04/2025');
    expect(rows[0]).toHaveTextContent('Full arch accepted - maxillary');
    expect(rows[0]).toHaveTextContent('$24,500');
    expect(rows[0]).toHaveTextContent('Main Street');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['02/03/2025', 'Comprehensive oral evaluationD0150', 'Dr. Sarah Chen', '-', 'N/A']);

    const appointments = screen.getByRole('table', { name: 'Upcoming Appointments' });
    const booked = within(appointments).getAllByRole('row').slice(1);
    expect(
      within(booked[0])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['11/02/2036', 'Temp upperFA-TEMP-U', 'Dr. Sarah Chen', 'Scheduled', '$14,995']);
    expect(booked[1]).toHaveTextContent('TBD');
    expect(booked[1]).toHaveTextContent('Unscheduled');
    expect(screen.queryByText('Special Notes')).toBeNull();
    // Nothing is dated before today, so there is no past list.
    expect(screen.queryByRole('table', { name: 'Past Appointments' })).toBeNull();
  });

  it('lists appointments dated before today as past, most recent first, not as upcoming', async () => {
    const booked = makePatient().future_appointments;
    const past = (appt_date: string, procedure: string) => ({ ...booked[0], appt_date, procedure });
    serve({
      'John Smith': makePatient({
        future_appointments: [past('2020-01-15', 'Consult'), past('2021-03-02', 'Scan'), ...booked],
      }),
    });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');

    const upcoming = await screen.findByRole('table', { name: 'Upcoming Appointments' });
    const dates = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(dates(upcoming)).toEqual(['11/02/2036', 'TBD']);
    const earlier = screen.getByRole('table', { name: 'Past Appointments' });
    expect(dates(earlier)).toEqual(['03/02/2021', '01/15/2020']);
    expect(screen.getByRole('heading', { name: 'Past Appointments' }).closest('section')).toHaveTextContent(
      '2 appointments',
    );
  });

  it('says there is nothing upcoming when every appointment is past', async () => {
    const [first] = makePatient().future_appointments;
    serve({ 'John Smith': makePatient({ future_appointments: [{ ...first, appt_date: '2020-01-15' }] }) });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    expect(
      await screen.findByText('No upcoming appointments are scheduled for this patient.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Past Appointments' })).toBeInTheDocument();
  });

  it('explains the score: the steps reached and what each adds', async () => {
    serve({ 'John Smith': makePatient() });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(field(overview, 'Score')).toHaveTextContent(/^11$/);
    const help = within(overview).getByRole('button', { name: 'How the score is made' });
    // Reached with the keyboard, opened with Enter.
    const user = userEvent.setup();
    help.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'How the score is made' });
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Consult1', 'Presented Max2', 'Accepted Max8']);
    expect(dialog).toHaveTextContent('Score: 1 + 2 + 8 = 11');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(help).toHaveFocus();
  });

  it('has no score to explain without a scoresheet', async () => {
    serve({ 'John Smith': makePatient({ scoresheet: null }) });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(field(overview, 'Score')).toHaveTextContent(/^N\/A$/);
    expect(within(overview).queryByRole('button', { name: 'How the score is made' })).toBeNull();
  });

  it.each([
    ['PF', 'Pending Finance'],
    ['Lost', 'Lost'],
    ['N/A', 'Pending'],
  ] as const)('shows the %s outcome as %s', async (winLoss, label) => {
    serve({
      'John Smith': makePatient({ scoresheet: makeScoresheet({ win_loss: winLoss, case_value: 0 }) }),
    });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(within(overview).getByText(label)).toBeInTheDocument();
    // No value: N/A rather than a dash.
    expect(field(overview, 'Case Value')).toHaveTextContent(/^N\/A$/);
  });

  it('shows the location and the presented, accepted and perm dates, N/A where there is none', async () => {
    serve({
      'John Smith': makePatient({
        scoresheet: makeScoresheet({
          location: 'Lakeside',
          presented_date: '2025-02-10',
          accepted_date: '2025-03-04',
          perm_date: '2025-09-30',
        }),
      }),
      'Mary Johnson': makePatient({
        patient_name: 'Mary Johnson',
        scoresheet: makeScoresheet({
          location: null,
          presented_date: null,
          accepted_date: null,
          perm_date: null,
        }),
      }),
    });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    let overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(field(overview, 'Location')).toHaveTextContent(/^Lakeside$/);
    expect(field(overview, 'Presented Date')).toHaveTextContent(/^02\/10\/2025$/);
    expect(field(overview, 'Accepted Date')).toHaveTextContent(/^03\/04\/2025$/);
    expect(field(overview, 'Perm Date')).toHaveTextContent(/^09\/30\/2025$/);
    // The dates follow the case: presented, accepted, then the permanent placement.
    const labels = within(overview)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(labels.indexOf('Presented Date')).toBeLessThan(labels.indexOf('Accepted Date'));
    expect(labels.indexOf('Accepted Date')).toBeLessThan(labels.indexOf('Perm Date'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    await chooseWithKeyboard('mary', 'Mary Johnson');
    await screen.findByText('Mary Johnson', { selector: 'section p' });
    overview = screen.getByRole('region', { name: 'Patient Overview' });
    for (const label of ['Location', 'Presented Date', 'Accepted Date', 'Perm Date']) {
      expect(field(overview, label)).toHaveTextContent(/^N\/A$/);
    }
  });

  it('explains a patient with no scoresheet and no treatment', async () => {
    serve({ 'John Smith': makePatient({ scoresheet: null, procedures: [], future_appointments: [] }) });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(within(overview).getByText(NO_SCORESHEET)).toBeInTheDocument();
    expect(NO_SCORESHEET).toBe(
      'No scoresheet data available for this patient. They may be in early stages of treatment.',
    );
    expect(within(overview).getByText('No treatment data')).toBeInTheDocument();
    expect(within(overview).getByText('Pending')).toBeInTheDocument();
    // Source, Provider, Location, Score, Case Value, the three dates and Procedure Status.
    expect(within(overview).getAllByText('N/A')).toHaveLength(9);
    expect(screen.getByText(NO_TREATMENT_FOUND)).toBeInTheDocument();
    expect(NO_TREATMENT_FOUND).toBe(
      'No treatment data found for this patient. They may not have started treatment yet.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('warns when the patient is on the ignore list, with the notes', async () => {
    serve({
      'John Smith': makePatient({
        ignore_status: [
          { year_code: '2024', notes: null },
          { year_code: '2025', notes: 'Staff family member' },
        ],
      }),
    });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    const notes = (await screen.findByText('Special Notes')).closest('[role="alert"]') as HTMLElement;
    expect(notes).toHaveTextContent('on the ignore list for 2024 and 2025');
    expect(notes).toHaveTextContent('2025: Staff family member');
  });

  it('looks up a typed name on Enter and says when the patient is not found', async () => {
    serve({});
    renderWithProviders(<PatientLookupTab />);
    const user = userEvent.setup();
    await user.type(searchBox(), 'Nobody Atall');
    expect(await screen.findByText('No matching patients')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Patient not found');
    // Said by the answer's code, the hint follows.
    expect(alert).toHaveTextContent('Check the spelling');
  });

  it.each([
    [
      'the server error',
      { status: 500, body: { success: false, error: 'Database unavailable' } },
      'Database unavailable',
    ],
    ['a fallback when the server says nothing', { status: 500, body: null }, 'Failed to lookup patient'],
    ['not found for a refusal without words', { status: 200, body: { success: false } }, 'Patient not found'],
  ])('shows %s when the lookup fails', async (_, answer, message) => {
    serve({}, (url) => (url.startsWith('/api/patient/lookup') ? answer : undefined));
    renderWithProviders(<PatientLookupTab />);
    const user = userEvent.setup();
    await user.type(searchBox(), 'John Smith{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert.textContent?.includes('Check the spelling')).toBe(message === 'Patient not found');
  });

  it('adds the hint by the code, not the words', async () => {
    const found = {
      status: 404,
      body: { success: false, error: 'No such person', code: 'patient_not_found' },
    };
    serve({}, (url) => (url.startsWith('/api/patient/lookup') ? found : undefined));
    renderWithProviders(<PatientLookupTab />);
    await userEvent.setup().type(searchBox(), 'John Smith{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No such person');
    expect(alert).toHaveTextContent('Check the spelling');
  });

  it('says when the search fails', async () => {
    serve({}, (url) => (url.startsWith('/api/patient/search') ? { status: 500, body: null } : undefined));
    renderWithProviders(<PatientLookupTab />);
    await userEvent.type(searchBox(), 'jo');
    await waitFor(() => expect(searchBox()).toHaveAccessibleDescription(/Failed to search patients/));
  });

  it('Clear Search empties the box and removes the result', async () => {
    serve({ 'John Smith': makePatient() });
    renderWithProviders(<PatientLookupTab />);
    await chooseWithKeyboard('smith', 'John Smith');
    await screen.findByRole('region', { name: 'Patient Overview' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Patient Overview' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('looks up the patient the address names by id (a link from another tab), once', async () => {
    const fetchMock = serve({ 'John Smith': makePatient() });
    const id = testPatientId('John Smith');
    window.history.replaceState(null, '', `/patient-lookup?patient=${id}`);
    renderWithProviders(<PatientLookupTab />);
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(overview).toHaveTextContent('John Smith');
    expect(searchBox()).toHaveValue('John Smith');
    expect(calls(fetchMock, '/api/patient/lookup')).toEqual([`/api/patient/lookup?id=${id}`]);
  });

  it('opens an old link that names the patient once, and puts the id in its place', async () => {
    const fetchMock = serve({ 'John Smith': makePatient() });
    window.history.replaceState(null, '', '/patient-lookup?patient=John+Smith');
    const before = window.history.length;
    renderWithProviders(<PatientLookupTab />);
    expect(await screen.findByRole('region', { name: 'Patient Overview' })).toHaveTextContent('John Smith');
    const id = testPatientId('John Smith');
    expect(window.location.search).toBe(`?patient=${id}`);
    expect(window.history.length).toBe(before);
    expect(calls(fetchMock, '/api/patient/lookup')).toEqual([`/api/patient/lookup?id=${id}`]);
  });

  it('says an old link’s patient is not found, and takes the name out of the address', async () => {
    serve({}, (url, init) =>
      url === '/api/patient/ref' && init.method === 'POST'
        ? { status: 404, body: { success: false, error: 'Patient not found', code: 'patient_not_found' } }
        : undefined,
    );
    window.history.replaceState(null, '', '/patient-lookup?patient=Nobody+Here');
    renderWithProviders(<PatientLookupTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Patient not found');
    expect(window.location.search).toBe('');
  });
});
