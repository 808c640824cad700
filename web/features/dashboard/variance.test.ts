import { outsideSides } from './variance';

const row = (provider: string, future_ytd_total: number) => ({
  provider,
  future_ytd_total,
  consults_lost: 0,
  consults_won: 0,
  pending_finance: 0,
  consults_ytd: future_ytd_total,
  future_consults: 0,
  win_rate: 0,
});

describe('outsideSides', () => {
  it('names the side of each provider outside the range, and no one else', () => {
    // Totals 5, 10 and 15: mean 10, range 8 to 12.
    const sides = outsideSides({
      providers: [row('Dr A', 5), row('Dr B', 10), row('Dr C', 15)],
      acceptable_range: {
        mean: 10,
        lower: 8,
        upper: 12,
        variance_status: 'Variance Too Large',
        outside: ['Dr A', 'Dr C'],
      },
    });
    expect([...sides]).toEqual([
      ['Dr A', 'below'],
      ['Dr C', 'above'],
    ]);
  });

  it('is empty when everyone is within the range', () => {
    const sides = outsideSides({
      providers: [row('Dr A', 10)],
      acceptable_range: {
        mean: 10,
        lower: 8,
        upper: 12,
        variance_status: 'Acceptable Variance',
        outside: [],
      },
    });
    expect(sides.size).toBe(0);
  });
});
