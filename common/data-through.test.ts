import { dataThrough, dataThroughWords, incompleteMonth, incompleteMonthLabel } from './data-through';

describe('dataThrough', () => {
  it('is the latest procedure date, or today when that date lies ahead', () => {
    expect(dataThrough('2026-11-01', '2026-11-27')).toBe('2026-11-01');
    expect(dataThrough('2026-11-27', '2026-11-27')).toBe('2026-11-27');
    expect(dataThrough('2027-01-15', '2026-11-27')).toBe('2026-11-27');
    expect(dataThrough(null, '2026-11-27')).toBeNull();
  });
});

describe('dataThroughWords', () => {
  it('names the day as the Dashboard, the report and the e-mails write it', () => {
    expect(dataThroughWords('2026-11-01')).toBe('Data through 11/01/2026');
    expect(dataThroughWords(null)).toBe('Data through: no procedures imported yet');
  });
});

describe('incompleteMonth', () => {
  it("is the data-through day's month unless that day ends the month", () => {
    expect(incompleteMonth('2026-11-01')).toBe('2026-11');
    expect(incompleteMonth('2026-11-29')).toBe('2026-11');
    expect(incompleteMonth('2026-11-30')).toBeNull();
    expect(incompleteMonth('2026-12-31')).toBeNull();
    expect(incompleteMonth(null)).toBeNull();
  });

  it('knows the length of February in leap years and others', () => {
    expect(incompleteMonth('2028-02-28')).toBe('2028-02');
    expect(incompleteMonth('2028-02-29')).toBeNull();
    expect(incompleteMonth('2026-02-28')).toBeNull();
  });

  it('labels the month with how far it goes', () => {
    expect(incompleteMonthLabel('2026-11-01')).toBe('Nov (to 11/01)');
  });
});
