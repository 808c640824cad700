import type { Goal } from '../../../common/api/goals';
import { sheetRow } from './fixture';
import { consultsGoalLine, goalProgress, goalsThrough, type MonthlyFigures, sortGoals } from './goals';
import { trends } from './pipeline';

const each = (n: number) => Array<number>(12).fill(n);
const months = (...values: number[]) => [...values, ...Array<number>(12 - values.length).fill(0)];

/*
 * Dr A: consults 4 in January, 2 in February, 6 in March (12 by March), 1 won a month; arch value
 * $1,000.10 in January and $2,000.20 in March. Dr B: nothing at all.
 */
const FIGURES: Record<string, MonthlyFigures> = {
  'Dr A': {
    consults: months(4, 2, 6, 3),
    won: months(1, 1, 1, 1),
    arch_value: months(1000.1, 0, 2000.2, 5000),
  },
};
const figuresOf = (provider: string): MonthlyFigures =>
  FIGURES[provider] ?? { consults: each(0), won: each(0), arch_value: each(0) };

const GOALS: Goal[] = [
  { provider: 'Dr A', metric: 'consults', months: each(5) },
  { provider: 'Dr A', metric: 'arch_value', months: each(1000.05) },
  { provider: 'Dr B', metric: 'consults', months: each(3) },
  { provider: 'Dr B', metric: 'won', months: each(0) },
];

describe('goalsThrough', () => {
  it('counts a past year whole, this year through as_of’s month, and nothing of a year to come', () => {
    expect(goalsThrough(2025, '2026-03-15')).toBe('2025-12');
    expect(goalsThrough(2026, '2026-03-15')).toBe('2026-03');
    expect(goalsThrough(2026, '2026-01-01')).toBe('2026-01');
    expect(goalsThrough(2026, '2026-12-31')).toBe('2026-12');
    expect(goalsThrough(2027, '2026-03-15')).toBeNull();
  });
});

describe('goalProgress', () => {
  it('sums each goal and each actual through the month counted, percent rounded as the win rate', () => {
    const progress = goalProgress(GOALS, 2026, '2026-03-15', null, figuresOf);
    expect(progress.through).toBe('2026-03');
    expect(progress.providers[0]).toEqual({
      provider: 'Dr A',
      // 12 of 15: 80.0
      consults: { goal: 15, actual: 12, percent: 80 },
      // No goal of won: the actual is still counted.
      won: { goal: null, actual: 3, percent: null },
      // $3,000.30 of $3,000.15, in cents: 300030 / 300015 = 100.005% -> 100.0
      arch_value: { goal: 3000.15, actual: 3000.3, percent: 100 },
    });
  });

  it('lists a provider with a goal and no data, with actuals of 0; a goal of 0 has no percent', () => {
    const [, drB] = goalProgress(GOALS, 2026, '2026-03-15', null, figuresOf).providers;
    expect(drB).toEqual({
      provider: 'Dr B',
      consults: { goal: 9, actual: 0, percent: 0 },
      won: { goal: 0, actual: 0, percent: null },
      arch_value: { goal: null, actual: 0, percent: null },
    });
  });

  it('totals each metric over the providers that have a goal of it only', () => {
    const { totals } = goalProgress(GOALS, 2026, '2026-03-15', null, figuresOf);
    // Consults: Dr A 12 of 15 and Dr B 0 of 9.
    expect(totals.consults).toEqual({ goal: 24, actual: 12, percent: 50 });
    // Won: only Dr B has a goal (0): Dr A's 3 won are not added.
    expect(totals.won).toEqual({ goal: 0, actual: 0, percent: null });
    // Arch value: only Dr A.
    expect(totals.arch_value).toEqual({ goal: 3000.15, actual: 3000.3, percent: 100 });
  });

  it('gives a metric nobody has a goal of no goal, an actual of 0 and no percent', () => {
    const only: Goal[] = [{ provider: 'Dr A', metric: 'consults', months: each(1) }];
    const { totals } = goalProgress(only, 2026, '2026-03-15', null, figuresOf);
    expect(totals.won).toEqual({ goal: null, actual: 0, percent: null });
    expect(totals.arch_value).toEqual({ goal: null, actual: 0, percent: null });
  });

  it('counts the whole of a year before as_of’s, and nothing of a year after it', () => {
    const before = goalProgress(GOALS, 2026, '2027-02-01', null, figuresOf);
    expect(before.through).toBe('2026-12');
    expect(before.providers[0].consults).toEqual({ goal: 60, actual: 15, percent: 25 });
    const after = goalProgress(GOALS, 2026, '2025-12-31', null, figuresOf);
    expect(after.through).toBeNull();
    expect(after.providers[0].consults).toEqual({ goal: 0, actual: 0, percent: null });
    expect(after.providers[0].won).toEqual({ goal: null, actual: 0, percent: null });
    expect(after.totals.consults).toEqual({ goal: 0, actual: 0, percent: null });
  });

  it('keeps to the cent where floats would drift', () => {
    const cents: Goal[] = [{ provider: 'Dr A', metric: 'arch_value', months: each(0.1) }];
    const drift = { ...figuresOf('Dr A'), arch_value: each(0.2) };
    const [row] = goalProgress(cents, 2026, '2026-03-01', null, () => drift).providers;
    // 0.1 + 0.1 + 0.1 is 0.30000000000000004 in floats.
    expect(row.arch_value).toEqual({ goal: 0.3, actual: 0.6, percent: 200 });
  });

  it('lists only the provider asked for, sorted without regard to case otherwise', () => {
    const named: Goal[] = [
      { provider: 'dr c', metric: 'won', months: each(1) },
      ...GOALS,
      { provider: 'Dr Z', metric: 'won', months: each(1) },
    ];
    const all = goalProgress(named, 2026, '2026-03-15', null, figuresOf);
    expect(all.providers.map((p) => p.provider)).toEqual(['Dr A', 'Dr B', 'dr c', 'Dr Z']);
    const one = goalProgress(named, 2026, '2026-03-15', 'Dr B', figuresOf);
    expect(one.providers.map((p) => p.provider)).toEqual(['Dr B']);
    expect(one.totals.consults).toEqual({ goal: 9, actual: 0, percent: 0 });
    expect(goalProgress(named, 2026, '2026-03-15', 'Dr Q', figuresOf).providers).toEqual([]);
    // The provider filter's words for every provider, as every panel reads them.
    expect(goalProgress(named, 2026, '2026-03-15', 'All Providers', figuresOf)).toEqual(all);
    expect(goalProgress(named, 2026, '2026-03-15', ' Dr  B ', figuresOf)).toEqual(one);
  });

  it('reads its actuals from section 13’s trends', () => {
    const sheet = [
      sheetRow('Ann', 'Dr A', 'Consult', { consult_date: '2026-01-10' }),
      sheetRow('Ben', 'Dr A', 'Consult, Accepted Max', {
        consult_date: '2026-02-03',
        accepted_date: '2026-02-10',
        case_date: '2026-02-10',
      }),
      sheetRow('Cal', 'Dr A', 'Consult', { consult_date: '2026-05-01' }),
    ];
    const goals: Goal[] = [{ provider: 'Dr A', metric: 'consults', months: each(1) }];
    const { providers } = goalProgress(goals, 2026, '2026-04-30', null, (p) =>
      trends(sheet, [], 2026, p, '2026-04-30'),
    );
    // Ann and Ben by April; Cal's May consult is after the month counted.
    expect(providers[0].consults).toEqual({ goal: 4, actual: 2, percent: 50 });
    expect(providers[0].won.actual).toBe(
      trends(sheet, [], 2026, 'Dr A', '2026-04-30')
        .won.slice(0, 4)
        .reduce((a, b) => a + b),
    );
  });
});

describe('sortGoals', () => {
  it('sorts by provider without regard to case, then consults, won, arch value', () => {
    const sorted = sortGoals([
      { provider: 'dr b', metric: 'arch_value' },
      { provider: 'Dr A', metric: 'won' },
      { provider: 'dr b', metric: 'consults' },
      { provider: 'Dr A', metric: 'consults' },
    ]);
    expect(sorted.map((g) => `${g.provider} ${g.metric}`)).toEqual([
      'Dr A consults',
      'Dr A won',
      'dr b consults',
      'dr b arch_value',
    ]);
  });
});

describe('consultsGoalLine', () => {
  it('sums the consults goals that exist for every provider, or gives one provider’s', () => {
    const goals: Goal[] = [
      { provider: 'Dr A', metric: 'consults', months: months(1, 2, 3) },
      { provider: 'Dr B', metric: 'consults', months: months(10, 0, 5) },
      { provider: 'Dr B', metric: 'won', months: each(99) },
    ];
    expect(consultsGoalLine(goals, null)).toEqual(months(11, 2, 8));
    expect(consultsGoalLine(goals, 'Dr A')).toEqual(months(1, 2, 3));
    expect(consultsGoalLine(goals, 'all')).toEqual(months(11, 2, 8));
  });

  it('is null when no consults goal applies', () => {
    expect(consultsGoalLine([{ provider: 'Dr A', metric: 'won', months: each(1) }], null)).toBeNull();
    expect(consultsGoalLine([{ provider: 'Dr A', metric: 'consults', months: each(1) }], 'Dr B')).toBeNull();
  });
});
