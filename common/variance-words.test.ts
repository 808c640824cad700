import { outsideSentences, outsideSides, RANGE_SIDE_WORDS, varianceTone } from './variance-words';

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

// Totals 5, 10 and 15: mean 10, range 8 to 12.
const overview = (outside: string[], providers = [row('Dr A', 5), row('Dr B', 10), row('Dr C', 15)]) => ({
  providers,
  acceptable_range: {
    mean: 10,
    lower: 8,
    upper: 12,
    variance_status:
      outside.length === 0 ? ('Acceptable Variance' as const) : ('Variance Too Large' as const),
    outside,
  },
});

describe('outsideSides', () => {
  it('names the side of each provider outside the range, and no one else', () => {
    expect([...outsideSides(overview(['Dr A', 'Dr C']))]).toEqual([
      ['Dr A', 'below'],
      ['Dr C', 'above'],
    ]);
  });

  it('is empty when everyone is within the range', () => {
    expect(outsideSides(overview([])).size).toBe(0);
  });
});

describe('the words for each side', () => {
  it('says above the range as good news and below it as falling behind, in plain words', () => {
    expect(RANGE_SIDE_WORDS).toEqual({ above: 'Above the range', below: 'Below the range' });
    expect(outsideSentences(overview(['Dr A', 'Dr C']))).toEqual([
      'Above the range (doing better than the group): Dr C.',
      'Below the range (behind the group): Dr A.',
    ]);
  });

  it('says only the sides someone is on, every name on its side', () => {
    const four = [row('Dr A', 5), row('Dr D', 6), row('Dr B', 10), row('Dr C', 15)];
    expect(outsideSentences(overview(['Dr A', 'Dr D'], four))).toEqual([
      'Below the range (behind the group): Dr A, Dr D.',
    ]);
    expect(outsideSentences(overview(['Dr C']))).toEqual([
      'Above the range (doing better than the group): Dr C.',
    ]);
    expect(outsideSentences(overview([]))).toEqual([]);
  });

  it('still names a provider listed outside without a row, with no side', () => {
    expect(outsideSentences(overview(['Dr Z']))).toEqual(['Outside the range: Dr Z.']);
  });
});

describe('varianceTone', () => {
  it('is good within the range, neutral when the only ones outside are above it, a warning when anyone is below', () => {
    expect(varianceTone(overview([]))).toBe('good');
    expect(varianceTone(overview(['Dr C']))).toBe('neutral');
    expect(varianceTone(overview(['Dr A']))).toBe('warning');
    expect(varianceTone(overview(['Dr A', 'Dr C']))).toBe('warning');
    expect(varianceTone(overview(['Dr Z']))).toBe('warning');
  });
});
