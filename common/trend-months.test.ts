import { trendsFixture } from './api/test-data';
import { hasConsultsGoal, noRateWords, trendMonths } from './trend-months';

describe('trendMonths', () => {
  it('gives a win rate only for a month that has happened and has consults', () => {
    const months = trendMonths(trendsFixture());
    expect(months.map((m) => m.win_rate)).toEqual([
      40,
      33.3,
      null,
      null,
      null,
      33.3,
      null,
      null,
      null,
      null,
      35.3,
      null,
    ]);
    // March had no consult: its 0.0 from the server is no rate, not a month of losses.
    expect(months[2]).toEqual({
      month: '2026-03',
      consults: 0,
      won: 0,
      win_rate: null,
      arch_value: 0,
      consults_goal: null,
      to_come: false,
    });
    expect(months.map((m) => m.to_come).lastIndexOf(false)).toBe(10);
    expect(months[11].to_come).toBe(true);
  });

  it('gives no win rate for a month to come, even one with consults booked in it', () => {
    const trends = { ...trendsFixture(), months_to_come: ['2026-11', '2026-12'] };
    const november = trendMonths(trends)[10];
    expect(november).toMatchObject({ consults: 17, win_rate: null, to_come: true });
    expect(noRateWords(november)).toBe('Not yet happened');
    expect(noRateWords(trendMonths(trends)[2])).toBe('No consults');
  });

  it('keeps a real 0% for a month whose consults were all lost', () => {
    const trends = trendsFixture();
    trends.consults[2] = 4;
    expect(trendMonths(trends)[2].win_rate).toBe(0);
  });

  it("carries each month's consults goal when there is one, and none without", () => {
    expect(hasConsultsGoal(trendMonths(trendsFixture()))).toBe(false);
    const goals = [8, 8, 8, 8, 8, 8, 10, 10, 10, 10, 10, 12];
    const months = trendMonths({ ...trendsFixture(), consults_goal: goals });
    expect(months.map((m) => m.consults_goal)).toEqual(goals);
    expect(hasConsultsGoal(months)).toBe(true);
  });
});
