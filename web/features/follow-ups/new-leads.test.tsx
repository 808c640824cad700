import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorklistPatient } from '../../../common/api/worklist';
import { testPatientId } from '../../test-patients';
import { emptyCase, NO_CASE_WORK, PATIENTS, renderFollowUps } from './test-kit';

// New leads on Follow-ups (docs/behaviour.md section 19): their stage card, the Source column, a
// row with no provider, status or value, and the case panel's source and leads.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const LEAD: WorklistPatient = {
  patient_name: 'Lena Lake',
  patient_id: testPatientId('Lena Lake'),
  provider: null,
  location: 'Main Street',
  stage: 'new_lead',
  since: '2026-02-04',
  days_waiting: 1,
  procedure_status: null,
  case_value: null,
  next_appointment: null,
  ...NO_CASE_WORK,
  phone: '(555) 010-7777',
  source: 'Google Ads',
};
const table = () => screen.findByRole('table', { name: 'Stalled Cases' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent);

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('new leads on Follow-ups', () => {
  it('shows the New leads card after the four, with its count and threshold', async () => {
    renderFollowUps('manager', { patients: [...PATIENTS, LEAD] });
    const card = await screen.findByRole('button', { name: 'New leads: 0 patients, waiting 0+ days' });
    const cards = within(screen.getByRole('group', { name: 'Stages' })).getAllByRole('button');
    expect(cards.map((c) => c.getAttribute('aria-label')?.split(':')[0])).toEqual([
      'Awaiting Final',
      'Awaiting Surgery',
      'Pending Finance',
      'Lost, win back',
      'New leads',
    ]);
    expect(cards.at(-1)).toBe(card);
  });

  it('lists a lead with its source and office, and a dash for its provider-less status and value', async () => {
    renderFollowUps('manager', { patients: [LEAD, PATIENTS[0]] });
    const rows = within(await table()).getAllByRole('row');
    const header = within(rows[0])
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    const lead = cells(rows[1]);
    const at = (column: string) => lead[header.indexOf(column)];
    expect(at('Patient Name')).toBe('Lena Lake');
    expect(at('Phone')).toBe('(555) 010-7777');
    expect(at('Stage')).toBe('New leads');
    expect(at('Source')).toBe('Google Ads');
    expect(at('Provider · Location')).toBe('Main Street');
    expect(at('Procedure Status')).toBe('-');
    expect(at('Case Value')).toBe('-');
    expect(rows[1].textContent).not.toMatch(/null|\$0/);
    expect(cells(rows[2])[header.indexOf('Source')]).toBe('-');
  });

  it('shows a lead on a phone card with its source and no case value', async () => {
    asPhone();
    renderFollowUps('manager', { patients: [LEAD] });
    const card = (await screen.findByText('Lena Lake')).closest('li') as HTMLElement;
    expect(within(card).getByText('Source: Google Ads')).toBeInTheDocument();
    expect(within(card).getByText('Main Street')).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/null|Case value|\$/);
  });

  it('shows the source and the leads in the case panel', async () => {
    renderFollowUps('manager', {
      patients: [LEAD],
      cases: {
        'Lena Lake': {
          ...emptyCase('Lena Lake'),
          phone: '(555) 010-7777',
          source: 'Facebook',
          leads: [
            { lead_date: '2026-02-04', source: 'Google Ads', location: 'Main Street' },
            { lead_date: '2026-01-20', source: 'Facebook', location: null },
          ],
        },
      },
    });
    await userEvent.click(within(await table()).getByRole('button', { name: 'Lena Lake' }));
    expect(await screen.findByText('Source: Facebook')).toBeInTheDocument();
    const leads = screen.getByRole('list', { name: 'Leads (2)' });
    expect(
      within(leads)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['02/04/2026 · Google Ads · Main Street', '01/20/2026 · Facebook']);
  });
});
