import { goalProgress } from '../domain/figures/goals';
import { sampleGoals, spread } from './goals';

describe('spread', () => {
  it('adds up to the total over the months counted, the months to come at the average', () => {
    expect(spread(10, 4)).toEqual([3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(spread(12, 12)).toEqual(Array(12).fill(1));
    expect(
      spread(1, 11)
        .slice(0, 11)
        .reduce((a, b) => a + b),
    ).toBe(1);
  });
});

describe('sampleGoals', () => {
  const figures = (consults: number, won: number, arch: number) => ({
    consults: [consults, ...Array(11).fill(0)],
    won: [won, ...Array(11).fill(0)],
    arch_value: [arch, ...Array(11).fill(0)],
  });
  const providers = [
    { provider: 'Dr A', figures: figures(40, 18, 240_000) },
    { provider: 'Dr B', figures: figures(25, 9, 90_000) },
    { provider: 'Dr C', figures: figures(6, 0, 0) },
  ];

  it('sets goals that land in every colour, and no arch value goal where there is none yet', () => {
    const goals = sampleGoals(providers, 11);
    expect(goals.find((g) => g.provider === 'Dr C' && g.metric === 'arch_value')).toBeUndefined();
    const progress = goalProgress(goals, 2026, '2026-11-25', null, (p) => {
      const found = providers.find((x) => x.provider === p);
      if (!found) throw new Error(p);
      return found.figures;
    });
    const percents = progress.providers.flatMap((p) =>
      [p.consults, p.won, p.arch_value].map((f) => f.percent),
    );
    expect(percents.some((p) => p !== null && p >= 100)).toBe(true);
    expect(percents.some((p) => p !== null && p >= 80 && p < 100)).toBe(true);
    expect(percents.some((p) => p !== null && p < 80)).toBe(true);
    for (const g of goals) {
      expect(g.months).toHaveLength(12);
      for (const n of g.months) expect(Number.isInteger(n) && n >= 0).toBe(true);
    }
  });
});
