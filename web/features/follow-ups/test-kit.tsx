import { Notifications } from '@mantine/notifications';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { type ActivitiesResponse, activitiesApi, type SummaryResponse } from '../../../common/api/activities';
import { dashboardApi } from '../../../common/api/dashboard';
import {
  DEFAULT_THRESHOLDS,
  type Thresholds,
  type WorklistPatient,
  type WorklistResponse,
  worklistApi,
} from '../../../common/api/worklist';
import type { Role } from '../../../common/roles';
import { type Navigation, NavigationContext } from '../../lib/navigation';
import { nameOfTestId, testPatientId } from '../../test-patients';
import { renderSignedIn } from '../../test-utils';
import FollowUpsTab from '.';

/**
 * What the Follow-ups tests share: a server answering by URL, and the tab inside a stand-in for
 * the shell's navigation. Not a test file itself, so it names the paths through their endpoints.
 */

/** A patient nobody has worked on yet (docs/behaviour.md section 15). */
export const NO_CASE_WORK = {
  phone: null,
  assigned_to: null,
  next_follow_up: null,
  attempts: 0,
  last_contact: null,
  financing: null,
  source: null,
} satisfies Partial<WorklistPatient>;

export const PATIENTS: WorklistPatient[] = [
  {
    patient_name: 'Ann Archer',
    patient_id: testPatientId('Ann Archer'),
    provider: 'Dr. Sarah Chen',
    location: 'Lakeside',
    stage: 'awaiting_final',
    since: '2025-01-02',
    days_waiting: 400,
    procedure_status: 'Consult, Accepted Max, Temp Upper',
    case_value: 29990,
    next_appointment: null,
    ...NO_CASE_WORK,
    phone: '(555) 010-1234',
  },
  {
    patient_name: 'Bob Baker',
    patient_id: testPatientId('Bob Baker'),
    provider: 'Dr. Michael Rodriguez',
    location: null,
    stage: 'pending_finance',
    since: '2025-11-20',
    days_waiting: 40,
    procedure_status: 'Consult, PF Max',
    case_value: 14995,
    next_appointment: 'TBD',
    ...NO_CASE_WORK,
    assigned_to: 'casey',
    attempts: 2,
    last_contact: { date: '2026-02-03', kind: 'call', outcome: 'no_answer' },
    next_follow_up: '2026-02-05',
  },
  {
    patient_name: 'Cy Cole',
    patient_id: testPatientId('Cy Cole'),
    provider: 'Dr. Sarah Chen',
    location: 'Main Street',
    stage: 'undecided',
    since: '2025-12-01',
    days_waiting: 20,
    procedure_status: 'Consult, Presented Mand',
    case_value: 0,
    next_appointment: '2026-03-04',
    ...NO_CASE_WORK,
  },
];

export const COUNTS: WorklistResponse['counts'] = {
  awaiting_final: 1,
  awaiting_surgery: 0,
  pending_finance: 12,
  undecided: 1,
  new_lead: 0,
};

type Answer = { status?: number; body: unknown } | undefined;

export interface Server {
  locations?: string[];
  patients?: WorklistPatient[];
  thresholds?: Thresholds;
  /** Each patient's case answer; a patient not here has an empty case. */
  cases?: Record<string, Omit<ActivitiesResponse, 'success'>>;
  summary?: SummaryResponse;
  /** Goes first; answers what it knows. */
  extra?: (url: URL, init: RequestInit) => Answer;
}

/** The worklist answer: the patients of the requested stage, every count whatever the stage. */
export function worklistAnswer(url: URL, patients: WorklistPatient[], thresholds: Thresholds) {
  const stage = url.searchParams.get('stage');
  return {
    success: true,
    as_of: '2026-02-05',
    thresholds,
    counts: COUNTS,
    ...page(
      patients.filter((p) => stage === null || p.stage === stage),
      Number(url.searchParams.get('limit') ?? Number.POSITIVE_INFINITY),
    ),
  };
}

const page = (patients: WorklistPatient[], limit: number) => ({
  total: patients.length,
  patients: patients.slice(0, limit),
});

export function renderFollowUps(role: Role, server: Server = {}) {
  const thresholds = server.thresholds ?? DEFAULT_THRESHOLDS;
  const navigation: Navigation = {
    openPatient: vi.fn<(name: string) => void>(),
    caseHref: vi.fn(() => ''),
    tabHref: vi.fn(() => ''),
  };
  const ui: ReactElement = (
    <NavigationContext.Provider value={navigation}>
      <Notifications />
      <FollowUpsTab />
    </NavigationContext.Provider>
  );
  const view = renderSignedIn(ui, role, (raw, init) => {
    const url = new URL(raw, 'http://app.test');
    const answer = server.extra?.(url, init);
    if (answer) return answer;
    switch (url.pathname) {
      case worklistApi.list.path:
        return { body: worklistAnswer(url, server.patients ?? PATIENTS, thresholds) };
      case activitiesApi.assignees.path:
        return { body: { success: true, users: ASSIGNEES } };
      case activitiesApi.summary.path:
        return { body: server.summary ?? EMPTY_SUMMARY };
      case activitiesApi.list.path: {
        const known = [
          ...(server.patients ?? PATIENTS).map((p) => p.patient_name),
          ...Object.keys(server.cases ?? {}),
        ];
        const name = nameOfTestId(known, url.searchParams.get('id'));
        if (name === undefined)
          return {
            status: 404,
            body: { success: false, error: 'Patient not found', code: 'patient_not_found' },
          };
        return { body: { success: true, ...(server.cases?.[name] ?? emptyCase(name)) } };
      }
      case worklistApi.thresholds.path:
        return { body: { success: true, thresholds } };
      case dashboardApi.locations.path:
        return { body: { success: true, locations: server.locations ?? [] } };
      case dashboardApi.providers.path:
        return {
          body: {
            success: true,
            providers: url.searchParams.get('location') === 'Lakeside' ? ['Dr. Sarah Chen'] : PROVIDERS,
            years: [2025, 2026],
          },
        };
      default:
        return undefined;
    }
  });
  return { ...view, navigation };
}

export const PROVIDERS = ['Dr. Michael Rodriguez', 'Dr. Sarah Chen'];

/** The calls made to one path, as URLs, oldest first. */
export const calls = (fetchMock: ReturnType<typeof renderFollowUps>['fetchMock'], path: string) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://app.test')).filter((u) => u.pathname === path);

export const ASSIGNEES = ['a-manager', 'casey'];

export const emptyCase = (name: string): Omit<ActivitiesResponse, 'success'> => ({
  patient_name: name,
  patient_id: testPatientId(name),
  phone: null,
  source: null,
  leads: [],
  worklist: null,
  case: {
    assigned_to: null,
    next_follow_up: null,
    financing: null,
    closed: null,
    last_contact: null,
    attempts: 0,
  },
  activities: [],
});

const NONE = { contacts: 0, reached: 0, scheduled: 0, notes: 0, financing: 0, closed: 0 };
export const EMPTY_SUMMARY: SummaryResponse = {
  success: true,
  from: '2026-02-01',
  to: '2026-02-05',
  users: [],
  totals: NONE,
  outcomes: { reached: 0, no_answer: 0, left_message: 0, scheduled: 0, declined: 0 },
  close_reasons: {
    cost: 0,
    financing_denied: 0,
    chose_elsewhere: 0,
    not_a_candidate: 0,
    no_response: 0,
    health: 0,
    other: 0,
  },
};
