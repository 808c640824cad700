import fc from 'fast-check';
import { addDays, dateFromCell, excelSerialToDate, monthKey, parseDateText, parseYearCode } from './dates';

describe('parseDateText', () => {
  it.each([
    ['2025-03-04', '2025-03-04'],
    [' 2025-03-04 ', '2025-03-04'],
    ['2025-03-04 10:30', '2025-03-04'],
    ['2025-03-04T10:30:00', '2025-03-04'],
    ['2025-03-04T10:30:00.123', '2025-03-04'],
    ['2025-03-04 23:59:59', '2025-03-04'],
    ['3/4/2025', '2025-03-04'],
    ['03/04/2025', '2025-03-04'],
    ['12/31/2025', '2025-12-31'],
    ['3/4/2025 10:30 AM', '2025-03-04'],
    ['3/4/2025 10:30PM', '2025-03-04'],
    ['3/4/2025 12:00 am', '2025-03-04'],
    ['3/4/2025 14:05:09', '2025-03-04'],
    ['3/4/25', '2025-03-04'],
    ['3/4/99', '2099-03-04'],
    ['3/4/00 9:15 AM', '2000-03-04'],
    ['2/29/2024', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
  ])('accepts %j as %s', (text, expected) => {
    expect(parseDateText(text)).toBe(expected);
  });

  it.each([
    '',
    'TBD',
    '2025-13-45',
    '2025-00-10',
    '2025-02-29',
    '1900-02-29',
    '2/30/2025',
    '2/29/2023',
    '13/1/2025',
    '0/1/2025',
    '4/31/2025',
    '2025-3-4',
    '2025/03/04',
    '3-4-2025',
    '3/4/202',
    '3/4',
    '45658',
    '2025-03-04 25:00',
    '2025-03-04 10:60',
    '3/4/2025 13:00 PM',
    '3/4/2025 0:30 AM',
    '3/4/2025T10:30',
    '0000-01-01',
    'March 4, 2025',
    '2025-03-04 noon',
  ])('refuses %j', (text) => {
    expect(parseDateText(text)).toBeNull();
  });

  it('agrees with the calendar for every day, month and year form', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          // Date.UTC rolls an impossible day into the next month: an independent oracle.
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          expect(parseDateText(iso)).toBe(real ? iso : null);
          expect(parseDateText(`${m}/${d}/${y} 10:30 AM`)).toBe(real ? iso : null);
          if (y >= 2000 && y <= 2099)
            expect(parseDateText(`${m}/${d}/${String(y).slice(2)}`)).toBe(real ? iso : null);
        },
      ),
    );
  });
});

describe('excelSerialToDate', () => {
  it.each([
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    [25569, '1970-01-01'],
    [45658, '2025-01-01'],
    [45658.999, '2025-01-01'],
    [45716, '2025-02-28'],
    [45717, '2025-03-01'],
    [45351, '2024-02-29'],
    [2958465, '9999-12-31'],
  ])('%d -> %s', (serial, expected) => {
    expect(excelSerialToDate(serial)).toBe(expected);
  });

  it.each([0, 0.5, -1, 60, 2958466, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (serial) => {
    expect(excelSerialToDate(serial)).toBeNull();
  });

  it('counts consecutive days after the phantom leap day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 61, max: 2958464 }), (serial) => {
        const today = Date.parse(`${excelSerialToDate(serial)}T00:00:00Z`);
        const tomorrow = Date.parse(`${excelSerialToDate(serial + 1)}T00:00:00Z`);
        expect(tomorrow - today).toBe(86_400_000);
      }),
    );
  });
});

describe('dateFromCell', () => {
  it('reads Dates by their UTC parts', () => {
    expect(dateFromCell(new Date(Date.UTC(2025, 2, 4)))).toBe('2025-03-04');
    expect(dateFromCell(new Date(Date.UTC(2025, 2, 4, 23, 59, 59)))).toBe('2025-03-04');
    expect(dateFromCell(new Date(Number.NaN))).toBeNull();
  });

  it('reads serials and text', () => {
    expect(dateFromCell(45658)).toBe('2025-01-01');
    expect(dateFromCell('3/4/2025')).toBe('2025-03-04');
    expect(dateFromCell('nope')).toBeNull();
    expect(dateFromCell(null)).toBeNull();
    expect(dateFromCell(true)).toBeNull();
  });
});

describe('monthKey', () => {
  it('is the year and month', () => {
    expect(monthKey('2025-03-04')).toBe('2025-03');
  });
});

describe('parseYearCode', () => {
  it.each([
    [2025, '2025'],
    ['2025', '2025'],
    [' 2025 ', '2025'],
    [2000, '2000'],
    ['2099', '2099'],
  ])('accepts %j', (v, expected) => {
    expect(parseYearCode(v)).toBe(expected);
  });

  it.each([
    '20x5',
    '1999',
    '2100',
    '25',
    '02025',
    '2025.0',
    2025.5,
    1999,
    '',
    null,
    undefined,
    true,
    new Date(),
  ])('refuses %j', (v) => {
    expect(parseYearCode(v)).toBeNull();
  });
});

describe('addDays', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2026-11-25', 7)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-08', 0)).toBe('2026-03-08');
  });
});
