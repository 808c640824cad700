import { APPTS, SHEET } from './fixture';
import { futureCaseDetails, futureCaseValue, pendingFinanceDetails } from './future';

describe('futureCaseValue', () => {
  it('all providers', () => {
    // Valued live appointments: Eve 2025-09 Adams 14,995; Hal 2025-09 Adams 0.20; Cara 2025-09
    // Baker 1,000.10; Bob TBD Baker 14,995; Fay 2026-01 Chen 14,995.25; Ivy TBD Chen 14,995 (the Ignore
    // List does not apply). Gus's No-Show and Alice's unvalued crown count nowhere.
    const v = futureCaseValue(SHEET, APPTS, null);
    const months = ['2025-09', '2026-01', 'TBD'];
    expect(v.future_treatments.months).toEqual(months);
    expect(v.future_treatments.dates).toEqual(months);
    expect(v.future_treatments.providers).toEqual([
      { provider: 'Dr Adams', '2025-09': 14995.2, '2026-01': 0, TBD: 0, total: 14995.2 },
      { provider: 'dr baker', '2025-09': 1000.1, '2026-01': 0, TBD: 14995, total: 15995.1 },
      { provider: 'Dr Chen', '2025-09': 0, '2026-01': 14995.25, TBD: 14995, total: 29990.25 },
    ]);
    // 14,995.20 + 1,000.10 = 15,995.30 exactly (in floats it would be 15995.300000000001).
    expect(v.future_treatments.month_totals).toEqual({ '2025-09': 15995.3, '2026-01': 14995.25, TBD: 29990 });
    expect(v.future_treatments.grand_total).toBe(60980.55);
    // PF rows, any year: Cara (Baker, 2025) and Jon (Chen, 2024).
    expect(v.pending_finance).toEqual({
      providers: [
        { provider: 'dr baker', case_value: 14995 },
        { provider: 'Dr Chen', case_value: 14995 },
      ],
      grand_total: 29990,
    });
  });

  it('one provider: months only of that provider, TBD only when that provider has one', () => {
    const adams = futureCaseValue(SHEET, APPTS, 'Dr Adams');
    expect(adams.future_treatments).toEqual({
      months: ['2025-09'],
      dates: ['2025-09'],
      providers: [{ provider: 'Dr Adams', '2025-09': 14995.2, total: 14995.2 }],
      month_totals: { '2025-09': 14995.2 },
      grand_total: 14995.2,
    });
    expect(adams.pending_finance).toEqual({ providers: [], grand_total: 0 });

    const baker = futureCaseValue(SHEET, APPTS, 'dr baker');
    expect(baker.future_treatments.months).toEqual(['2025-09', 'TBD']);
    expect(baker.future_treatments.grand_total).toBe(15995.1);
    expect(baker.pending_finance.grand_total).toBe(14995);
  });

  it('is empty on no data', () => {
    expect(futureCaseValue([], [], null)).toEqual({
      future_treatments: { months: [], dates: [], providers: [], month_totals: {}, grand_total: 0 },
      pending_finance: { providers: [], grand_total: 0 },
    });
  });
});

describe('futureCaseDetails', () => {
  it('lists a month by date then name', () => {
    expect(futureCaseDetails(APPTS, '2025-09', null)).toEqual({
      total_value: 15995.3,
      treatments: [
        {
          patient_name: 'Eve Evans',
          provider: 'Dr Adams',
          procedure: 'Temp Upper',
          case_value: 14995,
          appt_date: '2025-09-15',
        },
        {
          patient_name: 'Hal Hill',
          provider: 'Dr Adams',
          procedure: 'Crown',
          case_value: 0.2,
          appt_date: '2025-09-15',
        },
        {
          patient_name: 'Cara Cole',
          provider: 'dr baker',
          procedure: 'Special bridge',
          case_value: 1000.1,
          appt_date: '2025-09-20',
        },
      ],
    });
    expect(futureCaseDetails(APPTS, '2025-09', 'Dr Adams').total_value).toBe(14995.2);
    expect(futureCaseDetails(APPTS, '2025-10', null)).toEqual({ total_value: 0, treatments: [] });
  });

  it('lists TBD appointments', () => {
    const tbd = futureCaseDetails(APPTS, 'tbd', null);
    expect(tbd.total_value).toBe(29990);
    expect(tbd.treatments.map((t) => [t.patient_name, t.appt_date])).toEqual([
      ['Bob Brown', null],
      ['Ivy Ives', null],
    ]);
  });

  it('each cell total equals its details', () => {
    for (const provider of [null, 'Dr Adams', 'dr baker', 'Dr Chen']) {
      const v = futureCaseValue(SHEET, APPTS, provider).future_treatments;
      for (const p of v.providers) {
        for (const m of v.months) expect(futureCaseDetails(APPTS, m, p.provider).total_value).toBe(p[m]);
      }
      for (const m of v.months)
        expect(futureCaseDetails(APPTS, m, provider).total_value).toBe(v.month_totals[m]);
    }
  });

  it("lists every date, TBD included, for a Total cell ('all')", () => {
    for (const provider of [null, 'Dr Adams', 'dr baker', 'Dr Chen']) {
      const v = futureCaseValue(SHEET, APPTS, provider).future_treatments;
      for (const p of v.providers)
        expect(futureCaseDetails(APPTS, 'all', p.provider).total_value).toBe(p.total);
      expect(futureCaseDetails(APPTS, 'ALL', provider).total_value).toBe(v.grand_total);
    }
    // Dated first, TBD last.
    expect(futureCaseDetails(APPTS, 'all', 'dr baker').treatments.map((t) => t.appt_date)).toEqual([
      '2025-09-20',
      null,
    ]);
  });
});

describe('pendingFinanceDetails', () => {
  it('lists PF rows of any year by date', () => {
    expect(pendingFinanceDetails(SHEET, null)).toEqual({
      total_value: 29990,
      cases: [
        {
          patient_name: 'Jon Jones',
          provider: 'Dr Chen',
          case_value: 14995,
          date: '2024-11-11',
          procedure_status: 'PF Mand',
        },
        {
          patient_name: 'Cara Cole',
          provider: 'dr baker',
          case_value: 14995,
          date: '2025-03-20',
          procedure_status: 'Consult, Presented Max, PF Max',
        },
      ],
    });
    expect(pendingFinanceDetails(SHEET, 'dr baker').cases.map((c) => c.patient_name)).toEqual(['Cara Cole']);
    expect(pendingFinanceDetails([], null)).toEqual({ total_value: 0, cases: [] });
  });
});
