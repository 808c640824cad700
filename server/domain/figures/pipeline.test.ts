import { sheetRow } from './fixture';
import { medianDays, pipeline, trends } from './pipeline';

/*
 * 2026 consults of Dr A (Dr B's one is filtered out where a provider is asked for):
 *   Ann  presented only (Lost)                         consulted, presented
 *   Ben  accepted, temp 2026-03-01, perm 2026-06-01    consulted .. final; accept 2026-01-20
 *   Cal  accepted, no surgery yet                      consulted, presented, accepted
 *   Dee  consult only                                  consulted
 *   Eve  accepted 2026-01-05 before her 2026-01-10 consult (a difference < 0, left out)
 *   Fay  ignored for 2026
 */
const sheet = [
  sheetRow('Ann', 'Dr A', 'Consult, Presented Max', {
    consult_date: '2026-01-10',
    presented_date: '2026-01-10',
  }),
  sheetRow('Ben', 'Dr A', 'Consult, Presented Max, Accepted Max, Temp Upper, Perm Upper', {
    consult_date: '2026-01-10',
    accepted_date: '2026-01-20',
    date_of_temp_placement: '2026-03-01',
    perm_date: '2026-06-01',
    case_date: '2026-01-20',
  }),
  sheetRow('Cal', 'Dr A', 'Consult, Presented Max, Accepted Max', {
    consult_date: '2026-02-01',
    accepted_date: '2026-02-04',
    case_date: '2026-02-04',
  }),
  sheetRow('Dee', 'Dr A', 'Consult', { consult_date: '2026-02-10' }),
  sheetRow('Eve', 'Dr A', 'Consult, Accepted Max', {
    consult_date: '2026-01-10',
    accepted_date: '2026-01-05',
    case_date: '2026-01-05',
  }),
  sheetRow('Fay', 'Dr A', 'Consult, Accepted Max', {
    consult_date: '2026-03-03',
    accepted_date: '2026-03-04',
  }),
  sheetRow('Gus', 'Dr B', 'Consult, Presented Max, Accepted Max', {
    consult_date: '2026-03-01',
    accepted_date: '2026-03-08',
    case_date: '2026-03-08',
  }),
  sheetRow('Hal', 'Dr A', 'Consult', { consult_date: '2025-12-31' }),
];
const ignore = [{ patient_key: 'fay', year_code: '2026' }];

describe('medianDays', () => {
  it('takes the middle value, or the mean of the two middle ones rounded half away from zero', () => {
    expect(medianDays([5, 1, 9])).toBe(5);
    expect(medianDays([1, 2])).toBe(1.5);
    expect(medianDays([4, 10, 1, 7])).toBe(5.5);
    expect(medianDays([0, 0])).toBe(0);
    expect(medianDays([])).toBeNull();
  });
});

describe('pipeline', () => {
  it('follows the year’s consults down the five steps, with rates of the consulted', () => {
    const p = pipeline(sheet, ignore, 2026, 'Dr A');
    expect(p.steps).toEqual([
      { step: 'consulted', count: 5, rate: 100 },
      { step: 'presented', count: 4, rate: 80 },
      { step: 'accepted', count: 3, rate: 60 },
      { step: 'surgery', count: 1, rate: 20 },
      { step: 'final', count: 1, rate: 20 },
    ]);
  });

  it('takes each median over the rows with both dates, leaving negative differences out', () => {
    // Ben 10 days, Cal 3 days; Eve's -5 is left out: median of [3, 10] = 6.5.
    expect(pipeline(sheet, ignore, 2026, 'Dr A').median_days).toEqual({
      consult_to_accept: 6.5,
      accept_to_surgery: 40,
      surgery_to_final: 92,
    });
  });

  it('gives zero rates and null medians with no consult', () => {
    const p = pipeline(sheet, ignore, 2024, null);
    expect(p.steps.every((s) => s.count === 0 && s.rate === 0)).toBe(true);
    expect(p.median_days).toEqual({
      consult_to_accept: null,
      accept_to_surgery: null,
      surgery_to_final: null,
    });
  });

  it('counts every provider when none is asked for', () => {
    expect(pipeline(sheet, ignore, 2026, null).steps[0]).toEqual({ step: 'consulted', count: 6, rate: 100 });
  });
});

describe('trends', () => {
  it('gives twelve months of consults, won, win rate and arch case value', () => {
    const t = trends(sheet, ignore, 2026, 'Dr A', '2027-01-01');
    expect(t.months).toHaveLength(12);
    expect(t.months[0]).toBe('2026-01');
    expect(t.consults.slice(0, 3)).toEqual([3, 2, 0]);
    expect(t.won.slice(0, 3)).toEqual([2, 1, 0]);
    expect(t.win_rate.slice(0, 3)).toEqual([66.7, 50, 0]);
    expect(t.consults.reduce((a, b) => a + b, 0)).toBe(5);
    // 6.2's month totals: Ben in January (case 2026-01-20), Eve in January, Cal in February.
    expect(t.arch_value[0]).toBe(sheet[1].case_value + sheet[4].case_value);
    expect(t.arch_value[1]).toBe(sheet[2].case_value);
    expect(t.months_to_come).toEqual([]);
  });

  it("names the months that have not begun yet, and keeps the spec's 0.0 win rate for them", () => {
    const t = trends(sheet, ignore, 2026, 'Dr A', '2026-10-31');
    expect(t.months_to_come).toEqual(['2026-11', '2026-12']);
    expect(t.win_rate.slice(10)).toEqual([0, 0]);
    expect(trends(sheet, ignore, 2027, 'Dr A', '2026-10-31').months_to_come).toHaveLength(12);
  });
});
