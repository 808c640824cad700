import { configure, screen, within } from '@testing-library/react';
import type { WorklistStanding } from '../../../common/api/activities';
import { testPatientId } from '../../test-patients';
import { renderSignedIn } from '../../test-utils';
import PatientLookupTab from '.';
import { makePatient } from './test-data';

// Patient Lookup's phone and case card (docs/behaviour.md sections 2 and 15).

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

function render(phone: string | null, worklist: WorklistStanding | null = null) {
  window.history.replaceState(null, '', `/patient-lookup?patient=${testPatientId('John Smith')}`);
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
            patient_id: testPatientId('John Smith'),
            phone: null,
            source: null,
            leads: [],
            worklist,
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

  it('says beside the outcome that the patient is on the follow-up list, as which stage and for how long', async () => {
    render('(555) 010-7788', {
      stage: 'undecided',
      since: '2026-01-05',
      days_waiting: 34,
      listing: 'listed',
      listed_on: null,
    });
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(await within(overview).findByText('On the follow-up list')).toBeInTheDocument();
    expect(
      within(overview).getByText('Lost, win back: 34 days waiting, since 01/05/2026'),
    ).toBeInTheDocument();
    expect(within(overview).getByRole('link', { name: 'Open on Follow-ups' })).toHaveAttribute(
      'href',
      `/follow-ups?stage=undecided&case=${testPatientId('John Smith')}`,
    );
  });

  it('says when a waiting case joins the list, with no link to a list that does not show it', async () => {
    render(null, {
      stage: 'undecided',
      since: '2026-01-05',
      days_waiting: 5,
      listing: 'waiting',
      listed_on: '2026-01-19',
    });
    const overview = await screen.findByRole('region', { name: 'Patient Overview' });
    expect(await within(overview).findByText('Joins the follow-up list on 01/19/2026')).toBeInTheDocument();
    expect(within(overview).queryByRole('link', { name: 'Open on Follow-ups' })).toBeNull();
  });

  it('says nothing of the list for a patient in no stage', async () => {
    render(null);
    await screen.findByRole('region', { name: 'Case Follow-up' });
    await screen.findByText('Acme Lending, Approved, $12,000');
    expect(screen.queryByText(/follow-up list/)).toBeNull();
  });
});
