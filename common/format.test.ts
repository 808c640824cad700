import { formatBytes, formatCurrency, formatDate, formatDateTime, formatPercent } from './format';

describe('formatCurrency', () => {
  it('shows whole dollars with thousands separators', () => {
    expect(formatCurrency(12345)).toBe('$12,345');
    expect(formatCurrency(14995.4)).toBe('$14,995');
    expect(formatCurrency(-2500)).toBe('-$2,500');
  });

  it("shows '-' for zero or no value", () => {
    expect(formatCurrency(0)).toBe('-');
    expect(formatCurrency(null)).toBe('-');
    expect(formatCurrency(undefined)).toBe('-');
    expect(formatCurrency(Number.NaN)).toBe('-');
  });
});

describe('formatPercent', () => {
  it('keeps one decimal', () => {
    expect(formatPercent(42)).toBe('42.0%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('-');
  });
});

describe('formatDate', () => {
  it('rearranges a plain date without shifting it', () => {
    expect(formatDate('2025-01-05')).toBe('01/05/2025');
  });

  it('shows the local date of a timestamp', () => {
    const local = new Date(2025, 2, 9, 12, 0, 0);
    expect(formatDate(local.toISOString())).toBe('03/09/2025');
  });

  it('leaves empty and unreadable values alone', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('shows the local date as MM/DD/YYYY with the time', () => {
    const local = new Date(2026, 10, 22, 21, 15);
    expect(formatDateTime(local.toISOString())).toBe('11/22/2026, 9:15 PM');
    expect(formatDateTime(local)).toBe('11/22/2026, 9:15 PM');
    expect(formatDateTime(new Date(2026, 0, 5, 9, 5))).toBe('01/05/2026, 9:05 AM');
  });

  it('leaves unreadable text alone', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('formatBytes', () => {
  it('says bytes below a kilobyte and one decimal above', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(812)).toBe('812 bytes');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(40_370_000)).toBe('38.5 MB');
    expect(formatBytes(1_288_490_189)).toBe('1.2 GB');
  });
});
