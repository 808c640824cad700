import { type CautionFacts, cautionsOf } from './cautions';

const facts = (over: Partial<CautionFacts>): CautionFacts => ({
  kind: 'raw-data',
  looksLike: null,
  rows: 1000,
  dated: 1000,
  past: 0,
  range: { from: '2024-01-01', to: '2026-10-31' },
  stored: { rows: 1200, range: { from: '2024-01-01', to: '2026-09-30' } },
  nextSync: null,
  ...over,
});

describe('the cautions of a preview', () => {
  it('say nothing of a file like the one it replaces', () => {
    expect(cautionsOf(facts({}))).toEqual([]);
  });

  it('warn when a replace removes more than half of the stored rows, in numbers', () => {
    expect(cautionsOf(facts({ rows: 52, stored: { rows: 1805, range: null } }))).toEqual([
      'This file has 52 rows where 1,805 are stored now (97% fewer): importing it replaces them all. Is it the whole report?',
    ]);
    // Rounded down: a row left of 1,805 is not all gone.
    expect(cautionsOf(facts({ rows: 1, stored: { rows: 1805, range: null } }))[0]).toContain('(99% fewer)');
    // Half exactly is not more than half.
    expect(cautionsOf(facts({ rows: 600, stored: { rows: 1200, range: null } }))).toEqual([]);
  });

  it('warn when the file spans less than half of the days stored', () => {
    const said = cautionsOf(
      facts({
        range: { from: '2026-10-01', to: '2026-10-31' },
        stored: { rows: 1000, range: { from: '2024-03-01', to: '2026-10-31' } },
      }),
    );
    expect(said).toEqual([
      "This file's dates (10/01/2026-10/31/2026) cover less than half of the stored data's (03/01/2024-10/31/2026): importing it removes every row outside them.",
    ]);
  });

  it('say nothing of a merge or of an empty store, which lose nothing', () => {
    expect(cautionsOf(facts({ rows: 1, stored: null }))).toEqual([]);
    expect(cautionsOf(facts({ rows: 1, stored: { rows: 0, range: null } }))).toEqual([]);
  });

  it('warn that a scheduled sync will replace the file', () => {
    expect(cautionsOf(facts({ nextSync: 'every day at 05:00' }))).toEqual([
      "Open Dental is synced every day at 05:00: the next sync will replace this file's rows with Open Dental's.",
    ]);
  });

  it('keep the older cautions first: headers of another kind, a Future Scheduled file in the past', () => {
    const said = cautionsOf(
      facts({ kind: 'future-scheduled', looksLike: 'raw-data', dated: 3, past: 3, stored: null }),
    );
    expect(said).toEqual([
      'These headers look like a Full Arch Report, not a Future Scheduled file.',
      '3 of 3 dated rows are before today: is this the Future Scheduled report?',
    ]);
  });
});
