import { formatGeneratedAt, formatThousands, formatWinRate, ROUNDING_NOTE, wrapText } from './format';

describe('formatThousands', () => {
  it('shows dollars in thousands with one decimal and a k', () => {
    expect(formatThousands(45000)).toBe('$45.0k');
    expect(formatThousands(14995)).toBe('$15.0k');
    expect(formatThousands(494835)).toBe('$494.8k');
    expect(formatThousands(1234567)).toBe('$1,234.6k');
    expect(formatThousands(950)).toBe('$1.0k');
    expect(formatThousands(-2500)).toBe('-$2.5k');
  });

  it('rounds each amount on its own to the nearest $100, half away from zero', () => {
    expect(formatThousands(14950)).toBe('$15.0k');
    expect(formatThousands(14949.99)).toBe('$14.9k');
    expect(formatThousands(1050)).toBe('$1.1k');
    expect(formatThousands(-14950)).toBe('-$15.0k');
    // A total is its exact amount rounded: six months of $29,990 or $14,995 (sum $179,940)
    // is $179.9k although the months shown add to $180.0k; ROUNDING_NOTE says why.
    const months = [29990, 29990, 29990, 29990, 29990, 29990];
    expect(months.map((m) => formatThousands(m))).toEqual(Array(6).fill('$30.0k'));
    expect(formatThousands(months.reduce((a, b) => a + b, 0))).toBe('$179.9k');
    expect(ROUNDING_NOTE).toMatch(
      /^Dollar figures in thousands, rounded to the nearest \$100; totals are of the exact amounts/,
    );
  });

  it("shows '-' (or the given text) for zero, amounts that round to zero, and no value", () => {
    expect(formatThousands(0)).toBe('-');
    expect(formatThousands(40)).toBe('-');
    expect(formatThousands(null)).toBe('-');
    expect(formatThousands(Number.NaN)).toBe('-');
    expect(formatThousands(0, '$0.0k')).toBe('$0.0k');
  });
});

describe('formatWinRate', () => {
  it('keeps one decimal', () => {
    expect(formatWinRate(35.6)).toBe('35.6%');
    expect(formatWinRate(50)).toBe('50.0%');
    expect(formatWinRate(0)).toBe('0.0%');
  });
});

describe('wrapText', () => {
  it('wraps provider names after 15 characters at a space', () => {
    expect(wrapText('Dr. Michael Rodriguez')).toEqual(['Dr. Michael', 'Rodriguez']);
    expect(wrapText('Dr. Sarah Chen')).toEqual(['Dr. Sarah Chen']);
    expect(wrapText('Dr. James Whitfield')).toEqual(['Dr. James', 'Whitfield']);
    expect(wrapText('Consults YTD Total')).toEqual(['Consults YTD', 'Total']);
  });

  it('keeps a line of exactly 15 characters whole and never cuts a word', () => {
    expect(wrapText('Abcdefghijklmno')).toEqual(['Abcdefghijklmno']);
    // A longer word gets a line of its own; the column is made wide enough for it.
    expect(wrapText('Dr. Abcdefghijklmnopqrstuvwxyz')).toEqual(['Dr.', 'Abcdefghijklmnopqrstuvwxyz']);
    expect(wrapText('Dr. Konstantinopoulos Jr.')).toEqual(['Dr.', 'Konstantinopoulos', 'Jr.']);
    expect(wrapText('Maximilianopolous')).toEqual(['Maximilianopolous']);
  });

  it('breaks a long hyphenated name after a hyphen, and a short one not at all', () => {
    expect(wrapText('Dr. Anna Smith-Jones')).toEqual(['Dr. Anna', 'Smith-Jones']);
    expect(wrapText('Dr. Mary-Catherine-Oppenheimer')).toEqual(['Dr. Mary-', 'Catherine-', 'Oppenheimer']);
    expect(wrapText('Dr. Ng Wolfeschlegel-Steinhausen')).toEqual(['Dr. Ng', 'Wolfeschlegel-', 'Steinhausen']);
  });

  it('keeps every word of the name, in order, on its lines', () => {
    for (const name of [
      'Dr. Michael Rodriguez',
      'Dr. Mary-Catherine-Oppenheimer',
      'A B C D E F G H I J K L M',
    ]) {
      const lines = wrapText(name);
      expect(lines.join(' ').replace(/- /g, '-')).toBe(name);
      for (const line of lines) expect(line).toBe(line.trim());
    }
  });

  it('collapses spaces and keeps an empty name as one empty line', () => {
    expect(wrapText('  Dr.   Kim  ')).toEqual(['Dr. Kim']);
    expect(wrapText('')).toEqual(['']);
  });
});

describe('formatGeneratedAt', () => {
  it('reads as MM/DD/YYYY with the time, as every date in the app', () => {
    expect(formatGeneratedAt(new Date(2026, 10, 22, 21, 15))).toBe('11/22/2026, 9:15 PM');
  });
});
