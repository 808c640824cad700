import { configure, screen, within } from '@testing-library/react';
import { renderSignedIn } from '../../test-utils';
import PatientLookupTab from '.';
import { makePatient } from './test-data';

// Patient Lookup's phone and case card (docs/behaviour.md sections 2 and 15).

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function render(phone: string | null) {
  window.history.replaceState(null, '', '/patient-lookup?patient=John+Smith');
  return renderSignedIn(<PatientLookupTab />, 'manager', (raw) => {
    const url = new URL(raw, 'http://app.test');
    switch (url.pathname) {
      case '/api/patient/lookup':
        return { body: { success: true, data: makePatient({ phone }) } };
      case '/api/worklist/assignees':
        return { body: { success: true, users: ['casey'] } };
      case '/api/patient/activity':
        return {
          body: {
            success: true,
            patient_name: 'John Smith',
            phone: null,
            worklist: null,
            case: {
              assigned_to: 'casey',
              next_follow_up: '2026-03-01',
              financing: {
                date: '2026-02-01',
                lender: 'Acme Lending',
                financing_status: 'approved',
                amount: 12000,
              },
              closed: null,
              last_contact: { date: '2026-02-02', kind: 'text', outcome: 'reached' },
              attempts: 3,
            },
            activities: [],
          },
        };
      default:
        return undefined;
    }
  });
}

describe("Patient Lookup's case follow-up", () => {
  it('shows the phone as a link that dials it, and the case state and actions', async () => {
    render('(555) 010-7788');
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(within(overview).getByRole('link', { name: '(555) 010-7788' })).toHaveAttribute(
      'href',
      'tel:5550107788',
    );
    const card = await screen.findByRole('region', { name: 'Case Follow-up' });
    expect(await within(card).findByText('Acme Lending, Approved, $12,000')).toBeInTheDocument();
    expect(within(card).getByText('Text: Reached (02/02/2026)')).toBeInTheDocument();
    expect(within(card).getByText('03/01/2026')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Call' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Close case' })).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Assigned to' })).toHaveValue('casey');
  });

  it('says when there is no phone on file', async () => {
    render(null);
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(within(overview).getByText('No phone on file')).toBeInTheDocument();
    expect(within(overview).queryByRole('link')).toBeNull();
  });
});
