import { formatGeneratedAt, formatThousands, formatWinRate, reportFileName, wrapText } from './format';

describe('formatThousands', () => {
  it('shows dollars in thousands with one decimal and a k', () => {
    expect(formatThousands(45000)).toBe('$45.0k');
    expect(formatThousands(14995)).toBe('$15.0k');
    expect(formatThousands(494835)).toBe('$494.8k');
    expect(formatThousands(1234567)).toBe('$1,234.6k');
    expect(formatThousands(950)).toBe('$1.0k');
    expect(formatThousands(-2500)).toBe('-$2.5k');
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

  it('keeps a line of exactly 15 characters whole and cuts a longer word', () => {
    expect(wrapText('Abcdefghijklmno')).toEqual(['Abcdefghijklmno']);
    expect(wrapText('Dr. Abcdefghijklmnopqrstuvwxyz')).toEqual(['Dr.', 'Abcdefghijklmno', 'pqrstuvwxyz']);
  });

  it('collapses spaces and keeps an empty name as one empty line', () => {
    expect(wrapText('  Dr.   Kim  ')).toEqual(['Dr. Kim']);
    expect(wrapText('')).toEqual(['']);
  });
});

describe('reportFileName', () => {
  it("includes today's date", () => {
    expect(reportFileName(new Date(2026, 10, 22, 23, 59))).toBe('full-arch-report-2026-11-22.pdf');
    expect(reportFileName(new Date(2027, 0, 5))).toBe('full-arch-report-2027-01-05.pdf');
  });
});

describe('formatGeneratedAt', () => {
  it('reads as a long date and time', () => {
    expect(formatGeneratedAt(new Date(2026, 10, 22, 21, 15))).toMatch(/^November 22, 2026.*9:15\sPM$/);
  });
});
