import { archCasesByMonth } from './arch-cases';
import { consultOverview } from './consults';
import { APPTS, IGNORE, SHEET } from './fixture';
import { futureCaseValue } from './future';
import { summary } from './summary';

describe('summary', () => {
  it("states the year's totals and the year before's, as the panels do", () => {
    // 2026: Gus (Lost) is the one consult; Kim's 2025 consult is not in 2026. Lee's Perm Upper is
    // 2026's won case. 2025: Alice, Bob, Cara, Dan, Eve, Kim (Ivy ignored): Alice and Eve won.
    expect(summary(SHEET, APPTS, IGNORE, 2026, null)).toEqual({
      year: 2026,
      previous_year: 2025,
      consults_ytd: { value: 1, previous: 6 },
      consults_won: { value: 0, previous: 2 },
      win_rate: { value: 0, previous: 33.3 },
      arch_case_value: { value: 14995, previous: 74975 },
      future_scheduled_value: 60980.55,
      pending_finance_value: 29990,
    });
  });

  it('matches the panels for every provider and year', () => {
    for (const provider of [null, 'Dr Adams', 'dr baker', 'Dr Chen', 'Nobody']) {
      for (const year of [2024, 2025, 2026]) {
        const s = summary(SHEET, APPTS, IGNORE, year, provider);
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
