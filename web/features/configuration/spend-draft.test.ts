import type { SourceSpend } from '../../../common/api/marketing';
import {
  addSourceProblem,
  checkSpend,
  emptySpendRow,
  offeredSources,
  rowsOf,
  sameSpend,
  serverErrors,
  spendCellKey,
  switchMode,
  withSource,
} from './spend-draft';

const twelve = <T>(n: T): T[] => Array(12).fill(n);
const spend: SourceSpend[] = [
  { source: 'Facebook', months: twelve(1500) },
  { source: 'google ads', months: [...twelve(2000).slice(1), 1250.5] },
];

describe('the spend grid', () => {
  it('shows one amount when every month is the same, else twelve', () => {
    const [facebook, google] = rowsOf(spend);
    expect(facebook).toMatchObject({ source: 'Facebook', mode: 'same', same: '1,500' });
    expect(google.mode).toBe('monthly');
    expect(google.months[0]).toBe('2,000');
    expect(google.months[11]).toBe('1,250.50');
  });

  it('sends the amounts typed, one box filling the twelve, and leaves empty rows out', () => {
    const same = { ...emptySpendRow('Radio'), same: '$1,200' };
    const monthly = { ...emptySpendRow('TV'), mode: 'monthly' as const };
    monthly.months[2] = '300.456';
    const empty = emptySpendRow('Billboard');
    expect(checkSpend(2026, [empty, same, monthly])).toEqual({
      body: {
        year: 2026,
        // A blank month beside filled ones is nothing spent; amounts are kept to the cent.
        spend: [
          { source: 'Radio', months: twelve(1200) },
          { source: 'TV', months: [0, 0, 300.46, ...twelve(0).slice(3)] },
        ],
      },
    });
    expect(checkSpend(2026, rowsOf(spend))).toEqual({ body: { year: 2026, spend } });
  });

  it('marks every bad box at its place, with the words of the contract', () => {
    const same = { ...emptySpendRow('Radio'), same: 'lots' };
    const monthly = { ...emptySpendRow('TV'), mode: 'monthly' as const };
    monthly.months[3] = '-5';
    monthly.months[4] = '1000000000';
    const checked = checkSpend(2026, [emptySpendRow('Billboard'), same, monthly]);
    if (!('errors' in checked)) throw new Error('expected errors');
    expect(checked.errors.cells).toEqual({
      [spendCellKey('Radio', 'same')]: 'Must be a number',
      [spendCellKey('TV', 3)]: 'Must be 0 or more',
      [spendCellKey('TV', 4)]: 'Must be at most 999,999,999',
    });
    expect(checked.errors.form).toBeNull();
  });

  it("puts a server's refusal at the field it names, counting only the rows sent", () => {
    const rows = [emptySpendRow('Billboard'), ...rowsOf(spend)];
    rows[2] = switchMode(rows[2], 'monthly');
    expect(
      serverErrors(rows, 'spend.1.months.3', 'Source 2 (google ads): April must be 0 or more')?.cells,
    ).toEqual({ [spendCellKey('google ads', 3)]: 'Must be 0 or more' });
    expect(
      serverErrors(rows, 'spend.0.months.3', 'Source 1 (Facebook): April must be a number')?.cells,
    ).toEqual({ [spendCellKey('Facebook', 'same')]: 'Must be a number' });
    expect(
      serverErrors(rows, 'spend.0.source', 'Source 1 (Facebook): No lead is not a source')?.sources,
    ).toEqual({
      Facebook: 'Source 1 (Facebook): No lead is not a source',
    });
    expect(serverErrors(rows, 'year', 'year must be a year from 2000 to 2100')).toBeNull();
    expect(serverErrors(rows, 'spend.7.months.1', 'Source 8: January must be a number')).toBeNull();
    expect(serverErrors(rows, null, 'Database unavailable')).toBeNull();
  });

  it('switches between one amount and twelve, keeping both', () => {
    const row = { ...emptySpendRow('Radio'), same: '900' };
    const monthly = switchMode(row, 'monthly');
    expect(monthly.months).toEqual(twelve('900'));
    monthly.months[0] = '100';
    const back = switchMode(monthly, 'same');
    expect(back).toMatchObject({ mode: 'same', same: '900' });
    expect(switchMode(back, 'monthly').months[0]).toBe('100');
    // A side still blank starts from the other.
    const fromMonths = switchMode({ ...emptySpendRow('TV'), mode: 'monthly', months: twelve('50') }, 'same');
    expect(fromMonths.same).toBe('50');
  });

  it('adds a source in its place, trimmed, and refuses one already there or No lead', () => {
    const rows = rowsOf(spend);
    expect(withSource(rows, '  Direct   mail ').map((r) => r.source)).toEqual([
      'Direct mail',
      'Facebook',
      'google ads',
    ]);
    expect(addSourceProblem('  ', rows)).toBe("Enter the source's name");
    expect(addSourceProblem('GOOGLE  ADS', rows)).toBe('google ads already has a row here');
    expect(addSourceProblem('no lead', rows)).toBe('No lead is not a source');
    expect(addSourceProblem('x'.repeat(81), rows)).toBe('A source must be at most 80 characters');
    expect(addSourceProblem('Radio', rows)).toBeNull();
  });

  it('offers the known sources not in the grid, once each and never No lead', () => {
    expect(
      offeredSources(['Radio', 'No lead', 'facebook', 'radio', 'Google', 'Yelp'], rowsOf(spend)),
    ).toEqual(['Google', 'Radio', 'Yelp']);
  });

  it('tells a change from the same spend entered another way', () => {
    const rows = rowsOf(spend);
    const monthly = rows.map((r) => switchMode(r, 'monthly'));
    expect(sameSpend(2026, rows, monthly)).toBe(true);
    expect(sameSpend(2026, rows, [...rows, emptySpendRow('Radio')])).toBe(false);
    expect(sameSpend(2026, rows, [{ ...rows[0], same: '1,501' }, rows[1]])).toBe(false);
  });
});
