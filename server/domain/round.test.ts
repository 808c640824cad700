import { fromCents, roundRatio, sumMoney, toCents } from './round';

describe('roundRatio', () => {
  it('rounds half away from zero on the exact fraction', () => {
    expect(roundRatio(23 * 100, 80, 1)).toBe(28.8); // 28.75 -> 28.8
    expect(roundRatio(1 * 100, 3, 1)).toBe(33.3); // 33.33...
    expect(roundRatio(2 * 100, 3, 1)).toBe(66.7); // 66.66...
    expect(roundRatio(1, 8, 2)).toBe(0.13); // 0.125 -> 0.13 (a float 0.125 * 100 would also work, 0.285 would not)
    expect(roundRatio(57, 200, 2)).toBe(0.29); // 0.285 exactly -> 0.29
    expect(roundRatio(-57, 200, 2)).toBe(-0.29);
    expect(roundRatio(5, 0, 1)).toBe(0);
    expect(roundRatio(0, 7, 1)).toBe(0);
    expect(roundRatio(100, 1, 1)).toBe(100);
  });

  it('refuses non-integers', () => {
    expect(() => roundRatio(0.5, 2, 1)).toThrow(RangeError);
  });
});

describe('money', () => {
  it('sums in cents', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([14995, 14995, 0.29])).toBe(29990.29);
    expect(sumMoney([])).toBe(0);
    expect(toCents(-12.5)).toBe(-1250);
    expect(toCents(0.29)).toBe(29);
    expect(fromCents(1999)).toBe(19.99);
  });
});
