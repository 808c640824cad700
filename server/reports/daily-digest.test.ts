import { DEFAULT_THRESHOLDS } from '../../common/api/worklist';
import type { DashboardData } from '../dashboard';
import { caseActivity } from '../domain/case-activity.fixture';
import { sheetRow } from '../domain/figures/fixture';
import { digestCounts, digestMail } from './daily-digest';

describe('digestCounts', () => {
  // Ann is pending finance 20 days; Lee and Max asked yesterday and have not consulted.
  const data: DashboardData = {
    otherYears: [],
    lastImportAt: null,
    latestProcedure: null,
    sheet: [
      sheetRow('Ann', 'Dr A', 'Consult, Presented Max, PF Max', { pending_finance_date: '2026-06-10' }),
    ],
    appts: [],
    ignore: [],
    thresholds: DEFAULT_THRESHOLDS,
    phones: new Map(),
    patientPhones: new Map(),
    reportsVersion: null,
    goals: [],
    leads: [
      { person_key: 'lee', lead_date: '2026-06-29', source: 'Google', location: null },
      { person_key: 'max', lead_date: '2026-06-29', source: 'Radio', location: null },
    ],
    firstTouch: new Map([
      ['lee', { source: 'Google', first_lead_date: '2026-06-29', patient_name: 'Lee' }],
      ['max', { source: 'Radio', first_lead_date: '2026-06-29', patient_name: 'Max' }],
    ]),
    spend: [],
  };
  const assigned = new Map([['max', [caseActivity('2026-06-29', { kind: 'assign', assigned_to: 'zed' })]]]);

  it('counts new leads with the rest, and leaves them out of a provider’s digest', () => {
    expect(digestCounts(data, assigned, null, 'Zed', '2026-06-30')).toEqual({
      total: 3,
      mine: 1,
      unassigned: 2,
    });
    expect(digestCounts(data, assigned, 'Dr A', 'Zed', '2026-06-30')).toEqual({
      total: 1,
      mine: 0,
      unassigned: 1,
    });
  });
});

describe('the daily digest e-mail', () => {
  const counts = { total: 3, mine: 1, unassigned: 2 };

  it('says how far the data goes under the count', () => {
    const mail = digestMail('zed@example.com', counts, 'https://tracker.example.com', '2026-11-01');
    expect(mail.text.split('\n').slice(0, 3)).toEqual([
      '3 follow-ups due today.',
      'Data through 11/01/2026.',
      '',
    ]);
  });

  it('says a failed or overdue sync in one line, as the Follow-ups tab does', () => {
    const warning =
      'Figures as of the sync of 11/27/2026, 5:00 AM; no sync since, though one is scheduled every hour, on the hour';
    const mail = digestMail('zed@example.com', counts, 'https://tracker.example.com', '2026-11-27', warning);
    expect(mail.text.split('\n').slice(1, 3)).toEqual(['Data through 11/27/2026.', `${warning}.`]);
  });
});
