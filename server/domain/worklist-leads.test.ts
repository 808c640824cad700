import {
  CASE_AS_OF as AS_OF,
  caseActivity as act,
  CASE_THRESHOLDS as THRESHOLDS,
} from './case-activity.fixture';
import { appt, sheetRow } from './figures/fixture';
import {
  type LeadPeople,
  type LeadSeen,
  newLeadOn,
  type WorklistFilters,
  worklist,
  worklistStanding,
} from './worklist';

// New leads on the worklist (docs/behaviour.md section 19): the fifth stage, its since, its
// location, its window and how the filters treat it.

const on = (over: Partial<WorklistFilters> = {}): WorklistFilters => ({
  stage: null,
  provider: null,
  asOf: AS_OF,
  includeScheduled: false,
  ...over,
});
const lead = (person: string, lead_date: string, location: string | null = null): LeadSeen => ({
  person_key: person.toLowerCase(),
  lead_date,
  location,
});
const people = (leads: LeadSeen[], sources: Record<string, string> = {}): LeadPeople => ({
  leads,
  firstTouch: new Map(
    [...new Set(leads.map((l) => l.person_key))].map((key) => [
      key,
      { source: sources[key] ?? 'Google', patient_name: key.replace(/^./, (c) => c.toUpperCase()) },
    ]),
  ),
});
const names = (r: ReturnType<typeof worklist>) => r.patients.map((p) => p.patient_name);
const list = (
  leads: LeadSeen[],
  over: Partial<WorklistFilters> = {},
  sheet = [] as ReturnType<typeof sheetRow>[],
) => worklist(sheet, [], THRESHOLDS, on(over), new Map(), new Map(), people(leads));

describe('newLeadOn', () => {
  it('waits since the latest lead on or before the day, at the office of the first of that day', () => {
    const leads = [
      lead('ann', '2026-06-01', 'North'),
      lead('ann', '2026-06-28', 'South'),
      lead('ann', '2026-06-28', 'East'),
      lead('ann', '2026-07-02', 'West'),
    ];
    expect(newLeadOn(leads, null, AS_OF)).toEqual({
      stage: 'new_lead',
      since: '2026-06-28',
      days: 2,
      location: 'South',
    });
  });

  it('is none before the first lead, after a consult, in another stage, or past 90 days', () => {
    expect(newLeadOn([lead('ann', '2026-07-01')], null, AS_OF)).toBeNull();
    const consulted = sheetRow('Ann', 'Dr A', 'Consult', { consult_date: '2026-06-29' });
    expect(newLeadOn([lead('ann', '2026-06-20')], consulted, AS_OF)).toBeNull();
    // A consult after the day, or with no date, has not happened yet.
    const later = sheetRow('Ann', 'Dr A', 'Consult', { consult_date: '2026-07-05' });
    expect(newLeadOn([lead('ann', '2026-06-20')], later, AS_OF)).toMatchObject({ since: '2026-06-20' });
    const undated = sheetRow('Ann', 'Dr A', 'Consult');
    expect(newLeadOn([lead('ann', '2026-06-20')], undated, AS_OF)).toMatchObject({ since: '2026-06-20' });
    // In another stage (here pending finance, with no consult date): that stage, not this one.
    const pf = sheetRow('Ann', 'Dr A', 'Consult, Presented Max, PF Max', {
      pending_finance_date: '2026-06-01',
    });
    expect(newLeadOn([lead('ann', '2026-06-20')], pf, AS_OF)).toBeNull();
    expect(newLeadOn([lead('ann', '2026-04-01')], null, AS_OF)).toMatchObject({ days: 90 });
    expect(newLeadOn([lead('ann', '2026-03-31')], null, AS_OF)).toBeNull();
  });
});

describe('worklist with new leads', () => {
  it('lists a new lead with no provider, status or value, with its source, phone and office', () => {
    const result = worklist(
      [],
      [],
      THRESHOLDS,
      on(),
      new Map(),
      new Map([['ann', '555-0100']]),
      people([lead('ann', '2026-06-29', 'North')], { ann: 'Facebook' }),
    );
    expect(result.counts.new_lead).toBe(1);
    expect(result.patients).toEqual([
      {
        patient_name: 'Ann',
        patient_key: 'ann',
        provider: null,
        location: 'North',
        stage: 'new_lead',
        since: '2026-06-29',
        days_waiting: 1,
        procedure_status: null,
        case_value: null,
        next_appointment: null,
        phone: '555-0100',
        source: 'Facebook',
        assigned_to: null,
        next_follow_up: null,
        attempts: 0,
        last_contact: null,
        financing: null,
      },
    ]);
  });

  it('gives every stage row its source too', () => {
    const pf = sheetRow('Ben', 'Dr A', 'Consult, Presented Max, PF Max', {
      consult_date: '2026-05-01',
      pending_finance_date: '2026-05-01',
    });
    const result = list([lead('ben', '2026-04-20')], {}, [pf]);
    expect(result.patients.map((p) => [p.patient_name, p.stage, p.source])).toEqual([
      ['Ben', 'pending_finance', 'Google'],
    ]);
    expect(result.counts.new_lead).toBe(0);
  });

  it('is due by its threshold, and a follow-up set by a call takes it off the due list', () => {
    const leads = [lead('ann', '2026-06-29')];
    expect(
      names(worklist([], [], { ...THRESHOLDS, new_lead: 2 }, on(), new Map(), new Map(), people(leads))),
    ).toEqual([]);
    const called = new Map([
      ['ann', [act('2026-06-30', { kind: 'call', outcome: 'no_answer', next_follow_up: '2026-07-02' })]],
    ]);
    const after = worklist([], [], THRESHOLDS, on(), called, new Map(), people(leads));
    expect(names(after)).toEqual([]);
    expect(after.counts.new_lead).toBe(0);
    const snoozed = worklist(
      [],
      [],
      THRESHOLDS,
      on({ includeSnoozed: true }),
      called,
      new Map(),
      people(leads),
    );
    expect(snoozed.patients.map((p) => [p.patient_name, p.attempts])).toEqual([['Ann', 1]]);
  });

  it('is closed by a close, and a call before the lead is not the stage’s', () => {
    const leads = [lead('ann', '2026-06-20')];
    const closed = new Map([['ann', [act('2026-06-25', { kind: 'close', reason: 'no_response' })]]]);
    expect(names(worklist([], [], THRESHOLDS, on(), closed, new Map(), people(leads)))).toEqual([]);
    const before = new Map([['ann', [act('2026-06-10', { kind: 'close', reason: 'no_response' })]]]);
    expect(names(worklist([], [], THRESHOLDS, on(), before, new Map(), people(leads)))).toEqual(['Ann']);
  });

  it('is on the books with an appointment, wherever it is', () => {
    const booked = worklist(
      [],
      [appt('Ann', '2026-07-03', 'Consult', 'Dr A', { location: 'South' })],
      THRESHOLDS,
      on({ location: 'north' }),
      new Map(),
      new Map(),
      people([lead('ann', '2026-06-29', 'North')]),
    );
    expect(names(booked)).toEqual([]);
  });

  it('is left out for a provider, and narrowed to its lead’s office by a location', () => {
    const leads = [lead('ann', '2026-06-29', 'North'), lead('ben', '2026-06-28')];
    expect(names(list(leads))).toEqual(['Ben', 'Ann']);
    expect(list(leads, { provider: 'Dr A' }).counts.new_lead).toBe(0);
    expect(names(list(leads, { location: 'north' }))).toEqual(['Ann']);
    expect(names(list(leads, { location: 'Unassigned' }))).toEqual(['Ben']);
    expect(list(leads, { location: 'south' }).counts.new_lead).toBe(0);
    expect(names(list(leads, { stage: 'undecided' }))).toEqual([]);
    expect(list(leads, { stage: 'undecided' }).counts.new_lead).toBe(2);
  });

  it('reads whether a lead consulted from the whole sheet, whatever the location', () => {
    const consulted = sheetRow('Ann', 'Dr A', 'Consult', { consult_date: '2026-06-29', location: 'South' });
    expect(names(list([lead('ann', '2026-06-28', 'North')], { location: 'north' }, [consulted]))).toEqual([]);
  });
});

describe('worklistStanding of a lead', () => {
  it('stands as a new lead with no scoresheet row, and in no stage once past the window', () => {
    expect(worklistStanding(null, [], THRESHOLDS, [], AS_OF, [lead('ann', '2026-06-29')])).toEqual({
      stage: 'new_lead',
      since: '2026-06-29',
      days_waiting: 1,
      listing: 'listed',
      listed_on: null,
    });
    expect(worklistStanding(null, [], THRESHOLDS, [], AS_OF, [lead('ann', '2026-01-01')])).toBeNull();
    expect(worklistStanding(null, [], THRESHOLDS, [], AS_OF)).toBeNull();
  });
});
