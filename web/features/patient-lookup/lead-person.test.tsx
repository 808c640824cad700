import { configure, screen, within } from '@testing-library/react';
import { testPatientId } from '../../test-patients';
import { renderSignedIn } from '../../test-utils';
import PatientLookupTab from '.';
import { NO_SCORESHEET } from './patient-overview';
import { makePatient } from './test-data';

// Patient Lookup of a person known only from leads (docs/behaviour.md section 19): their source,
// their leads newest first, and their standing as a new lead, with no scoresheet and empty lists.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const LEADS = [
  { lead_date: '2026-02-04', source: 'Google Ads', location: 'Main Street' },
  { lead_date: '2026-01-20', source: 'Facebook', location: null },
];

function render() {
  window.history.replaceState(null, '', `/patient-lookup?patient=${testPatientId('Lena Lake')}`);
  const lena = makePatient({
    patient_name: 'Lena Lake',
    patient_id: testPatientId('Lena Lake'),
    phone: '(555) 010-7777',
    scoresheet: null,
    procedures: [],
    future_appointments: [],
    source: 'Facebook',
    leads: LEADS,
  });
  return renderSignedIn(<PatientLookupTab />, 'manager', (raw) => {
    const url = new URL(raw, 'http://app.test');
    switch (url.pathname) {
      case '/api/patient/lookup':
        return { body: { success: true, data: lena } };
      case '/api/worklist/assignees':
        return { body: { success: true, users: ['casey'] } };
      case '/api/patient/activity':
        return {
          body: {
            success: true,
            patient_name: 'Lena Lake',
            patient_id: testPatientId('Lena Lake'),
            phone: '(555) 010-7777',
            source: 'Facebook',
            leads: LEADS,
            worklist: {
              stage: 'new_lead',
              since: '2026-02-04',
              days_waiting: 1,
              listing: 'listed',
              listed_on: null,
            },
            case: {
              assigned_to: null,
              next_follow_up: null,
              financing: null,
              closed: null,
              last_contact: null,
              attempts: 0,
            },
            activities: [],
          },
        };
      default:
        return undefined;
    }
  });
}

describe('Patient Lookup of a lead', () => {
  it('shows the source, the leads newest first and the new lead standing, with no scoresheet', async () => {
    render();
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(within(overview).getByText(NO_SCORESHEET)).toBeInTheDocument();
    expect(within(overview).getByText('Source', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Facebook',
    );
    expect(await within(overview).findByText(/New leads/)).toBeInTheDocument();
    const leads = screen.getByRole('region', { name: 'Leads' });
    const rows = within(leads)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Lead DateSourceLocation',
      '02/04/2026Google AdsMain Street',
      '01/20/2026FacebookN/A',
    ]);
    expect(document.body.textContent).not.toMatch(/null|undefined|NaN/);
  });
});
