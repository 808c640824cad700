import fc from 'fast-check';
import { parseMoney } from './money';

describe('parseMoney', () => {
  it.each([
    ['12.50', 12.5],
    ['$12.50', 12.5],
    ['$1,234.56', 1234.56],
    [' $ 1 234.56 ', 1234.56],
    ['(12.50)', -12.5],
    ['($12.50)', -12.5],
    ['-12.50', -12.5],
    ['-$12.50', -12.5],
    ['$-12.50', -12.5],
    ['12', 12],
    ['12.', 12],
    ['.5', 0.5],
    ['0.125', 0.13],
    ['0.124', 0.12],
    ['1.005', 1.01],
    ['-1.005', -1.01],
    ['(0.125)', -0.13],
    ['2.675', 2.68],
    ['0.0049', 0],
    ['-0.001', 0],
    ['14995', 14995],
    ['007.10', 7.1],
    ['', 0],
    ['   ', 0],
    // `$`, commas and spaces are ignored, so what is left is empty, and empty is 0.
    ['$', 0],
    [' $ , ', 0],
    ['999,999,999,999.99', 999999999999.99],
  ])('%j -> %d', (text, expected) => {
    expect(parseMoney(text)).toEqual({ value: expected, valid: true });
  });

  it.each([
    'N/C',
    '12.3.4',
    '1,000,000,000,000',
    '-',
    '()',
    '(-12)',
    '--12',
    '12-',
    '+12',
    'abc',
    '1e5',
    '12,50€',
    '.',
    '1.2.',
  ])('refuses %j', (text) => {
    expect(parseMoney(text)).toEqual({ value: null, valid: false });
  });

  it('treats empty cells as zero', () => {
    expect(parseMoney(null)).toEqual({ value: 0, valid: true });
    expect(parseMoney(undefined)).toEqual({ value: 0, valid: true });
  });

  it('takes spreadsheet numbers as they print', () => {
    expect(parseMoney(14995)).toEqual({ value: 14995, valid: true });
    expect(parseMoney(1.005)).toEqual({ value: 1.01, valid: true });
    expect(parseMoney(-2.675)).toEqual({ value: -2.68, valid: true });
    expect(parseMoney(0.1 + 0.2)).toEqual({ value: 0.3, valid: true });
    expect(parseMoney(1e-7)).toEqual({ value: 0, valid: true });
    expect(parseMoney(-0)).toEqual({ value: 0, valid: true });
    expect(Object.is(parseMoney('-0.00').value, 0)).toBe(true);
  });

  it('refuses what is not an amount', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, 1e21, true, new Date(), {}]) {
      expect(parseMoney(v)).toEqual({ value: null, valid: false });
    }
    expect(parseMoney('12345678901234.00')).toEqual({ value: null, valid: false });
  });

  it('reads back every cent amount in every accepted spelling', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const abs = Math.abs(cents);
        const plain = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        const grouped = `$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
        const expected = cents / 100 || 0;
        const spellings =
          cents < 0 ? [`-${plain}`, `(${grouped})`, `-${grouped}`] : [plain, grouped, ` ${grouped} `];
        for (const s of spellings) expect(parseMoney(s)).toEqual({ value: expected, valid: true });
      }),
    );
  });

  it('rounds extra decimals half away from zero, decided on the digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 999 }),
        fc.boolean(),
        (whole, milli, neg) => {
          const text = `${neg ? '-' : ''}${whole}.${String(milli).padStart(3, '0')}`;
          // Integer oracle: tenths of a cent, rounded half up on the magnitude.
          const cents = whole * 100 + Math.floor(milli / 10) + (milli % 10 >= 5 ? 1 : 0);
          expect(parseMoney(text).value).toBe((neg ? -cents : cents) / 100 || 0);
        },
      ),
    );
  });
});
