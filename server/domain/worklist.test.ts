import { DEFAULT_THRESHOLDS, type Thresholds } from '../../common/api/worklist';
import { appt, sheetRow } from './figures/fixture';
import { daysBetween, nextAppointments, stageOf, type WorklistFilters, worklist } from './worklist';

const ZERO: Thresholds = {
  awaiting_final: 0,
  awaiting_surgery: 0,
  pending_finance: 0,
  undecided: 0,
  new_lead: 0,
};
const on = (asOf: string, over: Partial<WorklistFilters> = {}): WorklistFilters => ({
  stage: null,
  provider: null,
  asOf,
  includeScheduled: false,
  ...over,
});

describe('daysBetween', () => {
  it('counts calendar days across month ends, leap days and years', () => {
    expect(daysBetween('2026-01-31', '2026-02-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-05-05', '2026-05-05')).toBe(0);
  });
});

describe('stageOf', () => {
  it('takes the first stage that applies', () => {
    const temp = sheetRow('A', 'Dr A', 'Consult, Accepted Max, Temp Upper', {
      date_of_temp_placement: '2026-01-01',
    });
    expect(stageOf(temp)).toEqual({ stage: 'awaiting_final', since: '2026-01-01' });
    const permBoth = sheetRow('B', 'Dr A', 'Consult, Accepted Max, Temp Upper, Perm Upper');
    expect(stageOf(permBoth)).toBeNull();
    const otherArch = sheetRow('C', 'Dr A', 'Consult, Accepted Max, Temp Lower, Perm Upper', {
      date_of_temp_placement: '2026-02-01',
    });
    expect(stageOf(otherArch)).toEqual({ stage: 'awaiting_final', since: '2026-02-01' });
    const accepted = sheetRow('D', 'Dr A', 'Consult, Presented Max, Accepted Max', {
      accepted_date: '2026-03-01',
    });
    expect(stageOf(accepted)).toEqual({ stage: 'awaiting_surgery', since: '2026-03-01' });
    const pf = sheetRow('E', 'Dr A', 'Consult, Presented Max, PF Max', {
      pending_finance_date: '2026-04-01',
    });
    expect(stageOf(pf)).toEqual({ stage: 'pending_finance', since: '2026-04-01' });
    const lost = sheetRow('F', 'Dr A', 'Consult, Presented Max', { presented_date: '2026-05-01' });
    expect(stageOf(lost)).toEqual({ stage: 'undecided', since: '2026-05-01' });
    expect(stageOf(sheetRow('G', 'Dr A', 'Consult'))).toBeNull();
  });
});

describe('nextAppointments', () => {
  it('takes the earliest counting appointment on or after as_of, else TBD for an undated one', () => {
    const next = nextAppointments(
      [
        appt('A', '2026-06-10', 'Consult', 'Dr A'),
        appt('A', '2026-06-01', 'Consult', 'Dr A', { status: 'Cancelled' }),
        appt('A', '2026-05-01', 'Consult', 'Dr A'),
        appt('A', null, 'Consult', 'Dr A'),
        appt('B', null, 'Consult', 'Dr A'),
        appt('C', '2026-05-01', 'Consult', 'Dr A'),
        appt('D', '2026-06-05', 'Consult', 'Dr A', { status: 'No Show' }),
        appt('E', '2026-05-20', 'Consult', 'Dr A'),
      ],
      '2026-05-20',
    );
    expect(Object.fromEntries(next)).toEqual({ a: '2026-06-10', b: 'TBD', e: '2026-05-20' });
  });
});

describe('worklist', () => {
  const sheet = [
    sheetRow('Ann', 'Dr A', 'Consult, Presented Max, PF Max', { pending_finance_date: '2026-05-01' }),
    sheetRow('ben', 'Dr B', 'Consult, Presented Max, PF Max', { pending_finance_date: '2026-05-01' }),
    sheetRow('Cal', 'Dr A', 'Consult, Presented Max', { presented_date: '2025-05-20' }),
    sheetRow('Dee', 'Dr A', 'Consult, Presented Max', { presented_date: '2025-05-19' }),
    sheetRow('Eve', 'Dr A', 'Consult, Presented Max, Accepted Max', { accepted_date: '2026-05-21' }),
    sheetRow('Fay', 'Dr B', 'Consult, Presented Max, Accepted Max'),
    sheetRow('Gus', 'Dr B', 'Consult, Accepted Max, Temp Upper', { date_of_temp_placement: '2025-11-21' }),
  ];
  const appts = [appt('Gus', null, 'Consult', 'Dr B')];

  it('keeps undecided cases for 365 days, leaves out rows with no since or a since after as_of', () => {
    const { patients } = worklist(sheet, appts, ZERO, on('2026-05-20', { includeScheduled: true }));
    expect(patients.map((p) => [p.patient_name, p.days_waiting])).toEqual([
      ['Cal', 365],
      ['Gus', 180],
      ['Ann', 19],
      ['ben', 19],
    ]);
  });

  it('counts a row due from the day it reaches its threshold', () => {
    const t = { ...ZERO, pending_finance: 19 };
    expect(worklist(sheet, [], t, on('2026-05-20')).counts.pending_finance).toBe(2);
    expect(worklist(sheet, [], { ...t, pending_finance: 20 }, on('2026-05-20')).counts.pending_finance).toBe(
      0,
    );
  });

  it('leaves out patients with an appointment unless asked, TBD included, and counts the same way', () => {
    const without = worklist(sheet, appts, ZERO, on('2026-05-20'));
    expect(without.patients.map((p) => p.patient_name)).not.toContain('Gus');
    expect(without.counts.awaiting_final).toBe(0);
    const withThem = worklist(sheet, appts, ZERO, on('2026-05-20', { includeScheduled: true }));
    expect(withThem.counts.awaiting_final).toBe(1);
    expect(withThem.patients.find((p) => p.patient_name === 'Gus')?.next_appointment).toBe('TBD');
  });

  it('lists one stage but counts every stage, under the provider filter', () => {
    const result = worklist(sheet, [], ZERO, on('2026-05-20', { stage: 'undecided', provider: 'Dr A' }));
    expect(result.patients.map((p) => p.patient_name)).toEqual(['Cal']);
    expect(result.counts).toEqual({
      awaiting_final: 0,
      awaiting_surgery: 0,
      pending_finance: 1,
      undecided: 1,
      new_lead: 0,
    });
  });

  it('sorts equal waits by name without regard to case, and gives each row its fields', () => {
    const { patients } = worklist(
      sheet,
      [],
      DEFAULT_THRESHOLDS,
      on('2026-05-20', { stage: 'pending_finance' }),
    );
    expect(patients.map((p) => p.patient_name)).toEqual(['Ann', 'ben']);
    expect(patients[0]).toEqual({
      patient_name: 'Ann',
      patient_key: 'ann',
      provider: 'Dr A',
      location: null,
      stage: 'pending_finance',
      since: '2026-05-01',
      days_waiting: 19,
      procedure_status: 'Consult, Presented Max, PF Max',
      case_value: sheet[0].case_value,
      next_appointment: null,
      phone: null,
      source: null,
      assigned_to: null,
      next_follow_up: null,
      attempts: 0,
      last_contact: null,
      financing: null,
    });
  });
});
