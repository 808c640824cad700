import { scoreSteps, scoreSum } from './score';
import { makeScoresheet } from './test-data';

const flags = makeScoresheet().treatment_flags;

describe('scoreSteps', () => {
  it('lists the steps reached with what each adds, in label-table order', () => {
    const steps = scoreSteps({ ...flags, had_temp_upper: true, pending_finance_max: true });
    expect(steps).toEqual([
      { label: 'Consult', points: 1 },
      { label: 'Presented Max', points: 2 },
      { label: 'Accepted Max', points: 8 },
      { label: 'Temp Upper', points: 32 },
      { label: 'PF Max', points: 1024 },
    ]);
  });

  it('adds up to the score the server computed', () => {
    const all = Object.fromEntries(Object.keys(flags).map((key) => [key, true])) as typeof flags;
    expect(scoreSteps(all).reduce((sum, step) => sum + step.points, 0)).toBe(2047);
    expect(scoreSteps(flags).reduce((sum, step) => sum + step.points, 0)).toBe(makeScoresheet().score);
  });

  it('is empty with no flag', () => {
    const none = Object.fromEntries(Object.keys(flags).map((key) => [key, false])) as typeof flags;
    expect(scoreSteps(none)).toEqual([]);
  });
});

describe('scoreSum', () => {
  it('writes the sum out', () => {
    expect(scoreSum(scoreSteps(flags), 11)).toBe('1 + 2 + 8 = 11');
    expect(scoreSum([{ label: 'Consult', points: 1 }], 1)).toBe('1');
  });
});
