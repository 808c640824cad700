import { archCasesByMonth } from './arch-cases';
import { consultOverview } from './consults';
import { APPTS, IGNORE, SHEET } from './fixture';
import { futureCaseValue } from './future';
import { summary } from './summary';

// A day of a year after the fixture's, so 2024, 2025 and 2026 are past years.
const LATER = '2030-06-15';

describe('summary', () => {
  it("states a past year's totals and the whole year before's, as the panels do", () => {
    // 2026: Gus (Lost) is the one consult; Kim's 2025 consult is not in 2026. Lee's Perm Upper is
    // 2026's won case. 2025: Alice, Bob, Cara, Dan, Eve, Kim (Ivy ignored): Alice and Eve won.
    expect(summary(SHEET, APPTS, IGNORE, 2026, null, LATER)).toEqual({
      year: 2026,
      previous_year: 2025,
      previous_period: { from: '2025-01-01', to: '2025-12-31' },
      consults_ytd: { value: 1, previous: 6 },
      consults_won: { value: 0, previous: 2 },
      win_rate: { value: 0, previous: 33.3 },
      arch_case_value: { value: 14995, previous: 74975 },
      future_scheduled_value: 60980.55,
      pending_finance_value: 29990,
    });
  });

  it('sets this year beside the year before through the same month and day', () => {
    // Through 2025-03-04: Alice (Won) and Bob (Lost) consulted; Hal's (01-05) and Alice's (02-03)
    // cases, 14,995 each.
    expect(summary(SHEET, APPTS, IGNORE, 2026, null, '2026-03-04')).toMatchObject({
      previous_period: { from: '2025-01-01', to: '2025-03-04' },
      consults_ytd: { value: 1, previous: 2 },
      consults_won: { value: 0, previous: 1 },
      win_rate: { value: 0, previous: 50 },
      arch_case_value: { value: 14995, previous: 29990 },
    });
    // The end day counts: Eve's consult of 2025-05-05 is in; her case of 2025-06-01 is not yet.
    expect(summary(SHEET, APPTS, IGNORE, 2026, null, '2026-05-05')).toMatchObject({
      previous_period: { from: '2025-01-01', to: '2025-05-05' },
      consults_ytd: { value: 1, previous: 5 },
      consults_won: { value: 0, previous: 2 },
      win_rate: { value: 0, previous: 40 },
      arch_case_value: { value: 14995, previous: 29990 },
    });
    // The provider filter and the year before's Ignore List apply as in the panels.
    expect(summary(SHEET, APPTS, IGNORE, 2026, 'Dr Chen', '2026-12-31')).toMatchObject({
      consults_ytd: { value: 0, previous: 0 },
      arch_case_value: { value: 14995, previous: 14995 },
    });
  });

  it("does not cut this year's own figures at today", () => {
    // Lee's case of 2026-03-03 stays in 2026's figure on 2026-01-01: only the year before is cut.
    const early = summary(SHEET, APPTS, IGNORE, 2026, null, '2026-01-01');
    expect(early.arch_case_value).toEqual({ value: 14995, previous: 0 });
    expect(early.consults_ytd).toEqual({ value: 1, previous: 0 });
  });

  it('matches the panels for every provider and past year', () => {
    for (const provider of [null, 'Dr Adams', 'dr baker', 'Dr Chen', 'Nobody']) {
      for (const year of [2024, 2025, 2026]) {
        const s = summary(SHEET, APPTS, IGNORE, year, provider, LATER);
        const now = consultOverview(SHEET, APPTS, IGNORE, year, provider).totals;
        const before = consultOverview(SHEET, APPTS, IGNORE, year - 1, provider).totals;
        expect(s.consults_ytd).toEqual({ value: now.consults_ytd, previous: before.consults_ytd });
        expect(s.consults_won).toEqual({ value: now.consults_won, previous: before.consults_won });
        expect(s.win_rate).toEqual({ value: now.win_rate, previous: before.win_rate });
        expect(s.arch_case_value).toEqual({
          value: archCasesByMonth(SHEET, IGNORE, year, provider).grand_total,
          previous: archCasesByMonth(SHEET, IGNORE, year - 1, provider).grand_total,
        });
        const future = futureCaseValue(SHEET, APPTS, provider);
        expect(s.future_scheduled_value).toBe(future.future_treatments.grand_total);
        expect(s.pending_finance_value).toBe(future.pending_finance.grand_total);
      }
    }
  });
});
