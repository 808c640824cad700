import { CASE_AS_OF as AS_OF, caseActivity, CASE_THRESHOLDS as THRESHOLDS } from './case-activity.fixture';
import { sheetRow } from './figures/fixture';
import { type WorklistFilters, worklist } from './worklist';

// The worklist with case work (docs/behaviour.md section 15): closes, follow-ups, snoozes, the
// assignee filter and the orders.

const on = (over: Partial<WorklistFilters> = {}): WorklistFilters => ({
  stage: null,
  provider: null,
  asOf: AS_OF,
  includeScheduled: false,
  ...over,
});
const act = caseActivity;

const pf = (name: string, since: string, caseValue?: number) => {
  const row = sheetRow(name, 'Dr A', 'Consult, Presented Max, PF Max', { pending_finance_date: since });
  if (caseValue !== undefined) row.case_value = caseValue;
  return row;
};
// Ann waited 60 days, Ben 20, Cal 5 (not due by the threshold), Dee 40.
const sheet = [
  pf('Ann', '2026-05-01', 100),
  pf('Ben', '2026-06-10', 300),
  pf('Cal', '2026-06-25', 200),
  pf('Dee', '2026-05-21', 200),
];
const names = (r: ReturnType<typeof worklist>) => r.patients.map((p) => p.patient_name);

describe('the worklist with case work', () => {
  it('leaves a closed row out of every count and list, and a reopened one in', () => {
    const closed = new Map([['ann', [act('2026-06-01', { kind: 'close', reason: 'cost' })]]]);
    const result = worklist(sheet, [], THRESHOLDS, on(), closed);
    expect(names(result)).toEqual(['Dee', 'Ben']);
    expect(result.counts.pending_finance).toBe(2);
    const reopened = new Map([
      ['ann', [...(closed.get('ann') ?? []), act('2026-06-02', { kind: 'reopen' })]],
    ]);
    expect(names(worklist(sheet, [], THRESHOLDS, on(), reopened))).toEqual(['Ann', 'Dee', 'Ben']);
  });

  it('ignores a close from before the stage began', () => {
    const old = new Map([['ben', [act('2026-06-01', { kind: 'close', reason: 'cost' })]]]);
    expect(names(worklist(sheet, [], THRESHOLDS, on(), old))).toContain('Ben');
  });

  it('is due by the next follow-up whatever the threshold; a later one snoozes the row', () => {
    const acts = new Map([
      // Cal is under the threshold but asked to be called back today.
      ['cal', [act('2026-06-26', { kind: 'call', outcome: 'no_answer', next_follow_up: AS_OF })]],
      // Ann is long due but asked for next week.
      ['ann', [act('2026-06-29', { kind: 'call', outcome: 'reached', next_follow_up: '2026-07-07' })]],
    ]);
    const result = worklist(sheet, [], THRESHOLDS, on(), acts);
    expect(names(result)).toEqual(['Dee', 'Ben', 'Cal']);
    expect(result.counts.pending_finance).toBe(3);
    const cal = result.patients.find((p) => p.patient_name === 'Cal');
    expect(cal).toMatchObject({
      next_follow_up: AS_OF,
      attempts: 1,
      last_contact: { date: '2026-06-26', kind: 'call', outcome: 'no_answer' },
    });
    const snoozed = worklist(sheet, [], THRESHOLDS, on({ includeSnoozed: true }), acts);
    expect(names(snoozed)).toEqual(['Ann', 'Dee', 'Ben', 'Cal']);
    expect(snoozed.counts.pending_finance).toBe(4);
  });

  it('falls back to the threshold once the follow-up is cleared', () => {
    const acts = new Map([
      [
        'cal',
        [
          act('2026-06-26', { kind: 'call', outcome: 'no_answer', next_follow_up: AS_OF }),
          act('2026-06-27', { cleared_follow_up: true }),
        ],
      ],
    ]);
    expect(names(worklist(sheet, [], THRESHOLDS, on(), acts))).not.toContain('Cal');
  });

  it('reads only activities up to as_of', () => {
    const acts = new Map([['ann', [act('2026-07-01', { kind: 'close', reason: 'cost' })]]]);
    expect(names(worklist(sheet, [], THRESHOLDS, on(), acts))).toContain('Ann');
  });

  it('filters by assignee under the counts, and gives the assignee and financing of any date', () => {
    const acts = new Map([
      [
        'ann',
        [
          act('2026-01-01', { kind: 'assign', assigned_to: 'Kim' }),
          act('2026-01-02', { kind: 'financing', lender: 'Lendr', financing_status: 'approved', amount: 5 }),
        ],
      ],
      ['dee', [act('2026-06-01', { kind: 'assign', assigned_to: 'lee' })]],
    ]);
    const kim = worklist(sheet, [], THRESHOLDS, on({ assignedTo: { kind: 'user', name: 'kim' } }), acts);
    expect(names(kim)).toEqual(['Ann']);
    expect(kim.counts.pending_finance).toBe(1);
    expect(kim.patients[0]).toMatchObject({
      assigned_to: 'Kim',
      financing: { date: '2026-01-02', lender: 'Lendr', financing_status: 'approved', amount: 5 },
    });
    const nobody = worklist(sheet, [], THRESHOLDS, on({ assignedTo: { kind: 'unassigned' } }), acts);
    expect(names(nobody)).toEqual(['Ben']);
  });

  it('sorts by wait either way, by value and by follow-up, then by name', () => {
    const acts = new Map([
      ['ben', [act('2026-06-20', { next_follow_up: '2026-06-29' })]],
      ['dee', [act('2026-06-20', { next_follow_up: '2026-06-25' })]],
    ]);
    const sorted = (sort: WorklistFilters['sort']) =>
      names(worklist(sheet, [], THRESHOLDS, on({ sort }), acts));
    expect(sorted('waiting')).toEqual(['Ann', 'Dee', 'Ben']);
    expect(sorted('recent')).toEqual(['Ben', 'Dee', 'Ann']);
    expect(sorted('value')).toEqual(['Ben', 'Dee', 'Ann']);
    expect(sorted('follow_up')).toEqual(['Dee', 'Ben', 'Ann']);
  });

  it('gives each row its phone', () => {
    const result = worklist(sheet, [], THRESHOLDS, on(), new Map(), new Map([['ann', '555-0100']]));
    expect(result.patients.find((p) => p.patient_name === 'Ann')?.phone).toBe('555-0100');
    expect(result.patients.find((p) => p.patient_name === 'Ben')?.phone).toBeNull();
  });
});
