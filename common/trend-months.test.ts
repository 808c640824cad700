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
      through: null,
      no_data: false,
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

describe('trendMonths and the day the data runs to', () => {
  it('marks the month the data stops part-way through, and only that one', () => {
    const trends = { ...trendsFixture(), data_through: '2026-11-01' };
    const months = trendMonths(trends);
    expect(months[10].through).toBe('2026-11-01');
    expect(months.filter((m) => m.through !== null)).toHaveLength(1);
  });

  it('says the months begun after the data stops hold no data yet, and gives them no win rate', () => {
    const months = trendMonths({ ...trendsFixture(), data_through: '2026-10-29' });
    expect(months[9]).toMatchObject({ month: '2026-10', through: '2026-10-29', no_data: false });
    // November has begun (the fixture is seen on November 25) but the data stops in October.
    expect(months[10]).toMatchObject({ month: '2026-11', no_data: true, win_rate: null, to_come: false });
    expect(noRateWords(months[10])).toBe('No data yet');
    // December has not begun: it is to come, not a month without data.
    expect(months[11]).toMatchObject({ no_data: false, to_come: true });
  });

  it('marks none when the data runs to the end of its month, or there is none', () => {
    expect(trendMonths({ ...trendsFixture(), data_through: '2026-10-31' }).some((m) => m.through)).toBe(
      false,
    );
    expect(trendMonths({ ...trendsFixture(), data_through: null }).some((m) => m.through)).toBe(false);
    // Data of another year marks no month of this one.
    expect(trendMonths({ ...trendsFixture(), data_through: '2027-01-05' }).some((m) => m.through)).toBe(
      false,
    );
  });
});
