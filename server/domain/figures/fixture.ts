/**
 * A small hand-worked data set for the figure tests (only tests import this). The expected figures
 * are worked out in the comments of each test file.
 */
import { flagsFromScore, labelBit } from '../flags';
import { buildMappingValues } from '../mapping-values';
import type { ScoresheetRow } from '../scoresheet';
import { isCancelledStatus } from './common';
import type { Appt, Ignore, Sheet } from './types';

const outcomes = new Map(buildMappingValues().map((r) => [r.procedure_status, r]));

type Dates = Partial<
  Pick<
    ScoresheetRow,
    | 'consult_date'
    | 'date_of_temp_placement'
    | 'case_date'
    | 'pending_finance_date'
    | 'presented_date'
    | 'accepted_date'
    | 'perm_date'
    | 'location'
  >
>;

/** A scoresheet row as computeScoresheet would give it for `status`. */
export function sheetRow(name: string, provider: string, status: string, dates: Dates = {}): ScoresheetRow {
  const score = status.split(', ').reduce((s, label) => s | labelBit(label), 0);
  const outcome = outcomes.get(status);
  if (outcome === undefined) throw new Error(`Unknown status ${status}`);
  return {
    patient_key: name.toLowerCase(),
    patient_name: name,
    provider,
    score,
    procedure_status: status,
    consult_date: dates.consult_date ?? null,
    date_of_temp_placement: dates.date_of_temp_placement ?? null,
    case_date: dates.case_date ?? null,
    pending_finance_date: dates.pending_finance_date ?? null,
    presented_date: dates.presented_date ?? null,
    accepted_date: dates.accepted_date ?? null,
    perm_date: dates.perm_date ?? null,
    location: dates.location ?? null,
    win_loss: outcome.win_loss,
    no_of_arches: outcome.no_of_arches,
    case_value: outcome.case_value,
    treatment_flags: flagsFromScore(score),
  };
}

type ApptOpts = { status?: string; value?: number | null; procedure?: string; location?: string | null };

export function appt(
  name: string,
  date: string | null,
  label: string | null,
  provider: string,
  opts: ApptOpts = {},
): Appt {
  const status = opts.status ?? 'Scheduled';
  return {
    patient_key: name.toLowerCase(),
    patient_name: name,
    appt_date: date,
    code: label === 'Consult' ? 'D0150' : 'X',
    provider,
    procedure: opts.procedure ?? label ?? 'X',
    scheduled_status: status,
    cancelled: isCancelledStatus(status),
    label,
    value: opts.value ?? null,
    location: opts.location ?? null,
  };
}

const ADAMS = 'Dr Adams';
// Lower case on purpose: providers sort case-insensitively ('Dr Adams', 'dr baker', 'Dr Chen').
const BAKER = 'dr baker';
const CHEN = 'Dr Chen';

export const SHEET: Sheet = [
  sheetRow('Alice Ames', ADAMS, 'Consult, Presented Max, Accepted Max', {
    consult_date: '2025-01-10',
    case_date: '2025-02-03',
  }), // Won 1, 14,995
  sheetRow('Bob Brown', ADAMS, 'Consult, Presented Max, Presented Mand', { consult_date: '2025-01-10' }), // Lost 2
  sheetRow('Cara Cole', BAKER, 'Consult, Presented Max, PF Max', {
    consult_date: '2025-03-05',
    pending_finance_date: '2025-03-20',
  }), // PF 1, 14,995
  sheetRow('Dan Diaz', BAKER, 'Consult', { consult_date: '2025-04-01' }), // N/A
  sheetRow('Eve Evans', ADAMS, 'Consult, Accepted Max, Accepted Mand, Temp Upper', {
    consult_date: '2025-05-05',
    case_date: '2025-06-01',
    date_of_temp_placement: '2025-06-15',
  }), // Won 2, 29,990
  sheetRow('Fay Ford', CHEN, 'Accepted Mand', { case_date: '2025-06-20' }), // Won 1, no consult
  sheetRow('Gus Gray', BAKER, 'Consult, Presented Mand', { consult_date: '2026-01-15' }), // Lost 1, 2026
  sheetRow('Hal Hill', ADAMS, 'Consult, Temp Lower', {
    consult_date: '2024-12-20',
    case_date: '2025-01-05',
    date_of_temp_placement: '2025-01-05',
  }), // Won 1: a 2024 consult, a 2025 case
  sheetRow('Ivy Ives', CHEN, 'Consult, Presented Max, Accepted Max', {
    consult_date: '2025-07-07',
    case_date: '2025-07-20',
  }), // Won 1, but ignored for 2025
  sheetRow('Jon Jones', CHEN, 'PF Mand', { pending_finance_date: '2024-11-11' }), // PF 1, no consult
  sheetRow('Kim King', ADAMS, 'Consult, Presented Max', { consult_date: '2025-08-08' }), // Lost 1; ignored for 2026 only
  sheetRow('Lee Lane', CHEN, 'Perm Upper', { case_date: '2026-03-03' }), // Won 1, 2026
].sort((a, b) => (a.patient_key < b.patient_key ? -1 : 1));

export const APPTS: Appt[] = [
  appt('Alice Ames', '2025-09-01', 'Consult', ADAMS), // future consult 2025, Adams
  appt('Alice Ames', '2025-09-01', 'Consult', BAKER), // same visit: not counted, and not Baker's
  appt('Zoe Zane', '2025-10-10', 'Consult', BAKER, { status: 'Confirmed' }), // future consult 2025, Baker
  appt('Yan Young', '2025-10-10', 'Consult', BAKER, { status: 'Cancelled by patient' }), // cancelled
  appt('Ivy Ives', '2025-11-11', 'Consult', CHEN), // ignored for 2025
  appt('Zoe Zane', '2026-02-02', 'Consult', CHEN), // future consult 2026, Chen
  appt('Quinn Quay', '2025-12-01', 'Consult', CHEN), // future consult 2025, Chen
  appt('Quinn Quay', '2025-12-02', 'Consult', CHEN), // another date: another consult
  appt('ben bloom', '2025-12-01', 'Consult', CHEN), // same date as Quinn: sorts first by name
  appt('Eve Evans', '2025-09-15', 'Temp Upper', ADAMS, { value: 14995 }),
  appt('Bob Brown', null, 'Temp Lower', BAKER, { value: 14995 }), // TBD
  appt('Cara Cole', '2025-09-20', 'Special', BAKER, { value: 1000.1, procedure: 'Special bridge' }),
  appt('Fay Ford', '2026-01-05', 'Temp Upper', CHEN, { value: 14995.25 }),
  appt('Gus Gray', '2025-09-02', 'Temp Upper', 'Dr Zed', { status: 'No-Show', value: 14995 }), // cancelled
  appt('Hal Hill', '2025-09-15', 'Crown', ADAMS, { value: 0.2 }),
  appt('Ivy Ives', null, 'Temp Lower', CHEN, { value: 14995 }), // TBD; the Ignore List does not touch 6.3
  appt('Alice Ames', '2025-09-01', 'Crown', ADAMS), // no value: not a valued appointment
];

export const IGNORE: Ignore = [
  { patient_key: 'ivy ives', year_code: '2025' },
  { patient_key: 'kim king', year_code: '2026' },
  { patient_key: 'gus gray', year_code: '2024' },
];
