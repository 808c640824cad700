import { archCaseDetails, archCasesByMonth } from './arch-cases';
import { yearMonths } from './common';
import { IGNORE, SHEET } from './fixture';

// Month columns of a grid row or month_totals: every key present, 0 when empty.
const months = (year: number, filled: Record<string, number>) =>
  Object.fromEntries(yearMonths(year).map((m) => [m, filled[m] ?? 0]));

describe('archCasesByMonth', () => {
  it('2025, all providers', () => {
    // Won with case_date in 2025: Hal 01 (Adams 14,995), Alice 02 (Adams 14,995), Eve 06 (Adams
    // 29,990), Fay 06 (Chen 14,995). Ivy (07) is ignored for 2025; Baker has no won case.
    const g = archCasesByMonth(SHEET, IGNORE, 2025, null);
    expect(g.months).toEqual(yearMonths(2025));
    expect(g.providers).toEqual([
      {
        provider: 'Dr Adams',
        ...months(2025, { '2025-01': 14995, '2025-02': 14995, '2025-06': 29990 }),
        total: 59980,
      },
      { provider: 'Dr Chen', ...months(2025, { '2025-06': 14995 }), total: 14995 },
    ]);
    expect(Object.keys(g.providers[0])).toEqual(['provider', ...yearMonths(2025), 'total']);
    expect(g.month_totals).toEqual(months(2025, { '2025-01': 14995, '2025-02': 14995, '2025-06': 44985 }));
    expect(g.grand_total).toBe(74975);
  });

  it('one provider, another year, and the Ignore List by year', () => {
    const adams = archCasesByMonth(SHEET, IGNORE, 2025, 'Dr Adams');
    expect(adams.providers.map((p) => p.provider)).toEqual(['Dr Adams']);
    expect(adams.month_totals['2025-06']).toBe(29990);
    expect(adams.grand_total).toBe(59980);

    // 2026: Lee (Chen, Perm Upper, 03).
    const g2026 = archCasesByMonth(SHEET, IGNORE, 2026, null);
    expect(g2026.providers).toEqual([
      { provider: 'Dr Chen', ...months(2026, { '2026-03': 14995 }), total: 14995 },
    ]);
    expect(g2026.grand_total).toBe(14995);

    // Ivy counts once nobody ignores her for 2025.
    expect(archCasesByMonth(SHEET, [], 2025, 'Dr Chen').month_totals['2025-07']).toBe(14995);
  });

  it('is an empty grid on no data', () => {
    const g = archCasesByMonth([], [], 2025, null);
    expect(g).toEqual({
      months: yearMonths(2025),
      providers: [],
      month_totals: months(2025, {}),
      grand_total: 0,
    });
  });
});

describe('archCaseDetails', () => {
  it('lists the won cases of a month, by date then name', () => {
    expect(archCaseDetails(SHEET, IGNORE, '2025-06', null)).toEqual({
      total_value: 44985,
      patients: [
        {
          patient_name: 'Eve Evans',
          provider: 'Dr Adams',
          case_value: 29990,
          date: '2025-06-01',
          status: 'Consult, Accepted Max, Accepted Mand, Temp Upper',
        },
        {
          patient_name: 'Fay Ford',
          provider: 'Dr Chen',
          case_value: 14995,
          date: '2025-06-20',
          status: 'Accepted Mand',
        },
      ],
    });
    expect(archCaseDetails(SHEET, IGNORE, '2025-06', 'Dr Chen').total_value).toBe(14995);
    // Ivy's July case is ignored for 2025.
    expect(archCaseDetails(SHEET, IGNORE, '2025-07', null)).toEqual({ total_value: 0, patients: [] });
    expect(archCaseDetails(SHEET, [], '2025-07', null).patients.map((p) => p.patient_name)).toEqual([
      'Ivy Ives',
    ]);
  });

  it('each cell total equals its details', () => {
    for (const year of [2025, 2026]) {
      const g = archCasesByMonth(SHEET, IGNORE, year, null);
      for (const p of g.providers) {
        for (const m of g.months)
          expect(archCaseDetails(SHEET, IGNORE, m, p.provider).total_value).toBe(p[m]);
      }
    }
  });

  it('lists a whole year for a Total cell, its Ignore List year applied', () => {
    for (const year of [2025, 2026]) {
      const g = archCasesByMonth(SHEET, IGNORE, year, null);
      for (const p of g.providers)
        expect(archCaseDetails(SHEET, IGNORE, String(year), p.provider).total_value).toBe(p.total);
      expect(archCaseDetails(SHEET, IGNORE, String(year), null).total_value).toBe(g.grand_total);
    }
    // Hal's 2025 case, Alice's, Eve's and Fay's, by date; Ivy's is ignored for 2025.
    expect(archCaseDetails(SHEET, IGNORE, '2025', null).patients.map((p) => p.patient_name)).toEqual([
      'Hal Hill',
      'Alice Ames',
      'Eve Evans',
      'Fay Ford',
    ]);
  });
});
