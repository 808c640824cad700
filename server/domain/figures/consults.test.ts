import { consultDetails, consultOverview } from './consults';
import { APPTS, IGNORE, SHEET, sheetRow } from './fixture';

const row = (
  provider: string,
  lost: number,
  won: number,
  pf: number,
  ytd: number,
  future: number,
  win_rate: number,
) => ({
  provider,
  consults_lost: lost,
  consults_won: won,
  pending_finance: pf,
  consults_ytd: ytd,
  future_consults: future,
  future_ytd_total: ytd + future,
  win_rate,
});

describe('consultOverview', () => {
  it('2025, all providers', () => {
    // Consults of 2025: Adams: Alice Won, Bob Lost, Eve Won, Kim Lost (ignored for 2026 only);
    // Baker: Cara PF, Dan N/A. Not: Fay, Jon (no consult), Gus (2026), Hal (2024), Ivy (ignored 2025).
    // Future 2025: Adams: Alice 09-01 (the Baker row of that visit is a duplicate); Baker: Zoe
    // (Yan cancelled); Chen: Quinn 12-01, Quinn 12-02, ben 12-01 (Ivy ignored).
    const o = consultOverview(SHEET, APPTS, IGNORE, 2025, null);
    expect(o.providers).toEqual([
      row('Dr Adams', 2, 2, 0, 4, 1, 50), // 2/4
      row('dr baker', 0, 0, 1, 2, 1, 0),
      row('Dr Chen', 0, 0, 0, 0, 3, 0), // no consult: 0.0
    ]);
    const { provider: _, ...totals } = row('', 2, 2, 1, 6, 5, 33.3); // 2/6 = 33.33
    expect(o.totals).toEqual(totals);
    // n = 3, S = 5 + 3 + 3 = 11: mean 3.666.., lower 44/15 = 2.933.., upper 66/15 = 4.4.
    // 15t against 44 and 66: Adams 75 is over; Baker and Chen 45 are inside.
    expect(o.acceptable_range).toEqual({
      mean: 3.67,
      lower: 2.93,
      upper: 4.4,
      variance_status: 'Variance Too Large',
      outside: ['Dr Adams'],
    });
  });

  it('2025, one provider: the range stays over all providers', () => {
    const baker = consultOverview(SHEET, APPTS, IGNORE, 2025, 'dr baker');
    // Alice's duplicate visit row names Baker, but the first row (Adams) gives the provider.
    expect(baker.providers).toEqual([row('dr baker', 0, 0, 1, 2, 1, 0)]);
    const { provider: _, ...totals } = row('', 0, 0, 1, 2, 1, 0);
    expect(baker.totals).toEqual(totals);
    expect(baker.acceptable_range).toEqual({
      mean: 3.67,
      lower: 2.93,
      upper: 4.4,
      variance_status: 'Acceptable Variance',
      outside: [],
    });

    const adams = consultOverview(SHEET, APPTS, IGNORE, 2025, ' Dr  Adams ');
    expect(adams.providers.map((p) => p.provider)).toEqual(['Dr Adams']);
    expect(adams.acceptable_range.outside).toEqual(['Dr Adams']);
    expect(adams.acceptable_range.variance_status).toBe('Variance Too Large');

    for (const all of [undefined, '', 'all', 'All Providers']) {
      expect(consultOverview(SHEET, APPTS, IGNORE, 2025, all)).toEqual(
        consultOverview(SHEET, APPTS, IGNORE, 2025, null),
      );
    }
    expect(consultOverview(SHEET, APPTS, IGNORE, 2025, 'Dr Nobody').providers).toEqual([]);
  });

  it('2026 and 2024', () => {
    // 2026: Gus (Baker, Lost); future: Zoe 2026-02-02 (Chen). n = 2, S = 2: mean 1, 0.8, 1.2;
    // 10t against 8 and 12: both inside.
    const o = consultOverview(SHEET, APPTS, IGNORE, 2026, null);
    expect(o.providers).toEqual([row('dr baker', 1, 0, 0, 1, 0, 0), row('Dr Chen', 0, 0, 0, 0, 1, 0)]);
    expect(o.totals.future_ytd_total).toBe(2);
    expect(o.acceptable_range).toEqual({
      mean: 1,
      lower: 0.8,
      upper: 1.2,
      variance_status: 'Acceptable Variance',
      outside: [],
    });
    // 2024: Hal (Adams, Won); Gus's 2024 ignore entry touches nothing.
    expect(consultOverview(SHEET, APPTS, IGNORE, 2024, null).providers).toEqual([
      row('Dr Adams', 0, 1, 0, 1, 0, 100),
    ]);
  });

  it('the Ignore List only removes its year', () => {
    // Without it, Ivy is a 2025 Chen consult (Won) with a 2025 future consult.
    const o = consultOverview(SHEET, APPTS, [], 2025, 'Dr Chen');
    expect(o.providers).toEqual([row('Dr Chen', 0, 1, 0, 1, 4, 100)]);
    // Kim ignored for 2026 still counts in 2025 (checked above); ignoring her for 2025 removes her.
    const kim2025 = consultOverview(
      SHEET,
      APPTS,
      [{ patient_key: 'kim king', year_code: '2025' }],
      2025,
      'Dr Adams',
    );
    expect(kim2025.providers[0].consults_lost).toBe(1);
  });

  it('rounds the win rate on the exact fraction, and decides the range in integers', () => {
    const sheet = Array.from({ length: 80 }, (_, i) =>
      sheetRow(
        `P${String(i).padStart(2, '0')}`,
        'Dr X',
        i < 23 ? 'Consult, Accepted Max' : 'Consult, Presented Max',
        {
          consult_date: '2025-02-01',
        },
      ),
    );
    expect(consultOverview(sheet, [], [], 2025, null).totals.win_rate).toBe(28.8); // 28.75

    // Totals 6 and 4: S = 10, n = 2, range [4, 6]; 5nt = 60 = 6S and 40 = 4S are on the edges: inside.
    const edge = [
      ...Array.from({ length: 6 }, (_, i) =>
        sheetRow(`A${i}`, 'A', 'Consult', { consult_date: '2025-01-01' }),
      ),
      ...Array.from({ length: 4 }, (_, i) =>
        sheetRow(`B${i}`, 'B', 'Consult', { consult_date: '2025-01-01' }),
      ),
    ];
    expect(consultOverview(edge, [], [], 2025, null).acceptable_range).toEqual({
      mean: 5,
      lower: 4,
      upper: 6,
      variance_status: 'Acceptable Variance',
      outside: [],
    });
  });

  it('is empty on no data', () => {
    expect(consultOverview([], [], [], 2025, null)).toEqual({
      providers: [],
      totals: {
        consults_lost: 0,
        consults_won: 0,
        pending_finance: 0,
        consults_ytd: 0,
        future_consults: 0,
        future_ytd_total: 0,
        win_rate: 0,
      },
      acceptable_range: { mean: 0, lower: 0, upper: 0, variance_status: 'Acceptable Variance', outside: [] },
    });
  });
});

describe('consultDetails', () => {
  const details = (type: Parameters<typeof consultDetails>[5], provider: string | null = null, year = 2025) =>
    consultDetails(SHEET, APPTS, IGNORE, year, provider, type);

  it('lists the consults behind each cell, by date then name', () => {
    expect(details('consults_won')).toEqual([
      { patient_name: 'Alice Ames', provider: 'Dr Adams', status: 'Won', date: '2025-01-10' },
      { patient_name: 'Eve Evans', provider: 'Dr Adams', status: 'Won', date: '2025-05-05' },
    ]);
    expect(details('consults_lost')).toEqual([
      { patient_name: 'Bob Brown', provider: 'Dr Adams', status: 'Lost', date: '2025-01-10' },
      { patient_name: 'Kim King', provider: 'Dr Adams', status: 'Lost', date: '2025-08-08' },
    ]);
    expect(details('pending_finance')).toEqual([
      { patient_name: 'Cara Cole', provider: 'dr baker', status: 'PF', date: '2025-03-05' },
    ]);
    expect(details('consults_won', 'dr baker')).toEqual([]);
    expect(details('consults_lost', null, 2026)).toEqual([
      { patient_name: 'Gus Gray', provider: 'dr baker', status: 'Lost', date: '2026-01-15' },
    ]);
  });

  it('lists future consults once per visit, ties by name case-insensitively', () => {
    expect(details('future_consults')).toEqual([
      { patient_name: 'Alice Ames', provider: 'Dr Adams', status: 'Scheduled', date: '2025-09-01' },
      { patient_name: 'Zoe Zane', provider: 'dr baker', status: 'Confirmed', date: '2025-10-10' },
      { patient_name: 'ben bloom', provider: 'Dr Chen', status: 'Scheduled', date: '2025-12-01' },
      { patient_name: 'Quinn Quay', provider: 'Dr Chen', status: 'Scheduled', date: '2025-12-01' },
      { patient_name: 'Quinn Quay', provider: 'Dr Chen', status: 'Scheduled', date: '2025-12-02' },
    ]);
    expect(details('future_consults', 'dr baker').map((d) => d.patient_name)).toEqual(['Zoe Zane']);
    expect(consultDetails([], [], [], 2025, null, 'future_consults')).toEqual([]);
  });
});
