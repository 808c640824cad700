import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientData } from '../../../common/api/patients';
import { DEFAULT_THRESHOLDS, type WorklistResponse } from '../../../common/api/worklist';
import { nameOfTestId, testPatientId } from '../../test-patients';
import { mockFetch } from '../../test-utils';
import { App } from '../app';

// The shell's navigation between tabs (web/lib/navigation.ts, web/lib/address.ts), on the whole
// signed-in app: the address names the tab and its view; a name in the Follow-ups list opens the
// case, whose 'Open in Patient Lookup' looks that patient up once, and Back returns to the list;
// the address names each patient by id, never by name.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const user = {
  id: 1,
  username: 'coordinator',
  email: null,
  role: 'manager',
  provider_name: null,
  is_active: true,
  last_login: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

// The shell imports features only through its lazy tabs, so the answers are written out here.
const BOB = testPatientId('Bob Baker');
const worklist: WorklistResponse = {
  success: true,
  as_of: '2026-02-05',
  thresholds: DEFAULT_THRESHOLDS,
  counts: { awaiting_final: 0, awaiting_surgery: 0, pending_finance: 1, undecided: 0, new_lead: 0 },
  total: 1,
  patients: [
    {
      patient_name: 'Bob Baker',
      patient_id: BOB,
      provider: 'Dr. Michael Rodriguez',
      location: null,
      stage: 'pending_finance',
      since: '2025-11-20',
      days_waiting: 40,
      procedure_status: 'Consult, PF Max',
      case_value: 14995,
      next_appointment: null,
      phone: null,
      source: null,
      assigned_to: null,
      next_follow_up: null,
      attempts: 0,
      last_contact: null,
      financing: null,
    },
  ],
};
const patient = (name: string): PatientData => ({
  patient_name: name,
  patient_id: testPatientId(name),
  phone: null,
  scoresheet: null,
  procedures: [],
  future_appointments: [],
  ignore_status: [],
  source: null,
  leads: [],
});

function serve() {
  return mockFetch((raw) => {
    const url = new URL(raw, 'http://app.test');
    switch (url.pathname) {
      case '/api/auth/verify-token':
        return { body: { success: true, user } };
      case '/api/worklist':
        return { body: worklist };
      case '/api/config/worklist-thresholds':
        return { body: { success: true, thresholds: DEFAULT_THRESHOLDS } };
      case '/api/dashboard/locations':
        return { body: { success: true, locations: [] } };
      case '/api/dashboard/providers':
        return { body: { success: true, providers: [], years: [2026] } };
      case '/api/patient/search':
        return { body: { success: true, patients: [url.searchParams.get('q')] } };
      case '/api/worklist/assignees':
        return { body: { success: true, users: [] } };
      case '/api/patient/activity': {
        const name = nameOfTestId(['Bob Baker'], url.searchParams.get('id')) ?? '';
        const empty = { assigned_to: null, next_follow_up: null, financing: null, closed: null };
        return {
          body: {
            success: true,
            patient_name: name,
            patient_id: testPatientId(name),
            phone: null,
            source: null,
            leads: [],
            worklist: null,
            case: { ...empty, last_contact: null, attempts: 0 },
            activities: [],
          },
        };
      }
      case '/api/patient/lookup': {
        const name = nameOfTestId(['Bob Baker'], url.searchParams.get('id')) ?? '';
        return { body: { success: true, data: patient(name) } };
      }
      default:
        return undefined;
    }
  });
}

const lookups = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://app.test'))
    .filter((u) => u.pathname === '/api/patient/lookup')
    .map((u) => u.searchParams.get('id'));

function renderApp(address = '/follow-ups') {
  localStorage.setItem('token', 'test-token');
  window.history.replaceState(null, '', address);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<App env="test" queryClient={client} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('navigation between tabs', () => {
  it('places Follow-ups right after Dashboard', async () => {
    serve();
    renderApp();
    const list = await screen.findByRole('tablist', { name: 'Sections' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Dashboard', 'Follow-ups', 'Patient Lookup', 'Data Import', 'Configuration']);
  });

  it("opens a patient's case from Follow-ups, then Patient Lookup, looks it up once, and Back returns", async () => {
    const fetchMock = serve();
    renderApp('/follow-ups?stage=pending_finance');
    const list = await screen.findByRole('table', { name: 'Stalled Cases' });
    await userEvent.click(within(list).getByRole('button', { name: 'Bob Baker' }));
    expect(window.location.search).toBe(`?stage=pending_finance&case=${BOB}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Open in Patient Lookup' }));

    expect(await screen.findByRole('tab', { name: 'Patient Lookup', selected: true })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/patient-lookup?patient=${BOB}`);
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(overview).toHaveTextContent('Bob Baker');
    expect(screen.getByRole('combobox', { name: 'Search patients' })).toHaveValue('Bob Baker');
    expect(lookups(fetchMock)).toEqual([BOB]);

    window.history.back();
    expect(await screen.findByRole('tab', { name: 'Follow-ups', selected: true })).toBeInTheDocument();
    expect(window.location.search).toBe(`?stage=pending_finance&case=${BOB}`);
    await screen.findByRole('table', { name: 'Stalled Cases' });
    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?stage=pending_finance'));

    // The tab bar opens each tab where the user left it.
    await userEvent.click(screen.getByRole('tab', { name: 'Patient Lookup' }));
    await screen.findByRole('region', { name: 'Patient Overview' });
    expect(window.location.search).toBe(`?patient=${BOB}`);
    await userEvent.click(screen.getByRole('tab', { name: 'Follow-ups' }));
    await screen.findByRole('table', { name: 'Stalled Cases' });
    expect(window.location.search).toBe('?stage=pending_finance');
  });

  it('opens the first tab for an address naming a tab of admins, and says why', async () => {
    serve();
    renderApp('/users?x=1');
    expect(await screen.findByRole('tab', { name: 'Dashboard', selected: true })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    const note = await screen.findByText('User Management is for admins only');
    expect(note.closest('[role="status"]')).not.toBeNull();
    // Moving to another tab ends it.
    await userEvent.click(screen.getByRole('tab', { name: 'Patient Lookup' }));
    await waitFor(() => expect(screen.queryByText('User Management is for admins only')).toBeNull());
  });

  it('opens the first tab for the root without a word', async () => {
    serve();
    renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Dashboard', selected: true })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.queryByText(/is for admins only/)).toBeNull();
  });
});
