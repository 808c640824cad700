import type { Goal } from '../../../common/api/goals';
import {
  addProviderProblem,
  amountText,
  blocksOf,
  cellKey,
  checkGoals,
  emptyProvider,
  type ProviderGoals,
  parseAmount,
  sameGoals,
  withProvider,
} from './goals-draft';

const twelve = (n: number) => Array(12).fill(n);
const goals: Goal[] = [
  { provider: 'Dr. Adams', metric: 'consults', months: twelve(10) },
  { provider: 'Dr. Adams', metric: 'arch_value', months: [...twelve(25000).slice(1), 1250.5] },
  { provider: 'dr. brown', metric: 'won', months: twelve(0) },
];

describe('the goals grid', () => {
  it('shows one amount when every month is the same, else twelve', () => {
    const [adams, brown] = blocksOf(goals);
    expect(adams.provider).toBe('Dr. Adams');
    expect(adams.rows.consults).toMatchObject({ mode: 'same', same: '10' });
    expect(adams.rows.won).toMatchObject({ mode: 'same', same: '' });
    expect(adams.rows.arch_value.mode).toBe('monthly');
    expect(adams.rows.arch_value.months[0]).toBe('25,000');
    expect(adams.rows.arch_value.months[11]).toBe('1,250.50');
    expect(brown.rows.won).toMatchObject({ mode: 'same', same: '0' });
  });

  it('reads amounts as typed', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('$25,000')).toBe(25000);
    expect(parseAmount('1250.5')).toBe(1250.5);
    expect(parseAmount('-3')).toBe(-3);
    expect(parseAmount('ten')).toBeNaN();
    expect(parseAmount('1.2.3')).toBeNaN();
    expect(amountText('consults', 1200)).toBe('1,200');
    expect(amountText('arch_value', 0.5)).toBe('0.50');
  });

  it('sends the goals typed, leaving empty ones out', () => {
    const checked = checkGoals(2026, blocksOf(goals));
    expect(checked).toEqual({ body: { year: 2026, goals } });
  });

  it('marks every bad box at its place, with the words of the contract', () => {
    const block = emptyProvider('Dr. Adams');
    block.rows.consults = { mode: 'same', same: '2.5', months: twelve(0).map(String) };
    block.rows.won = { mode: 'monthly', same: '', months: ['1', '', '-1', ...Array(9).fill('1')] };
    block.rows.arch_value = { mode: 'same', same: 'lots', months: Array(12).fill('') };
    const checked = checkGoals(2026, [block]);
    if (!('errors' in checked)) throw new Error('expected errors');
    expect(checked.errors.cells).toEqual({
      [cellKey('Dr. Adams', 'consults', 'same')]: 'Must be a whole number',
      [cellKey('Dr. Adams', 'won', 1)]: 'Must be a number',
      [cellKey('Dr. Adams', 'won', 2)]: 'Must be 0 or more',
      [cellKey('Dr. Adams', 'arch_value', 'same')]: 'Must be a number',
    });
    expect(checked.errors.form).toBeNull();
  });

  it('says a goal of two providers of one name over the second', () => {
    const one = emptyProvider('Dr. Adams');
    one.rows.won.same = '3';
    const checked = checkGoals(2026, [one, { ...one, provider: 'Dr.  Adams' }]);
    if (!('errors' in checked)) throw new Error('expected errors');
    expect(checked.errors.providers['Dr.  Adams']).toBe(
      'Goal 2 (Dr. Adams, Cases won): Dr. Adams has a second Cases won goal; a provider has one goal per metric',
    );
  });

  it('adds a provider once, in the order of names', () => {
    const blocks = blocksOf(goals);
    expect(addProviderProblem('  ', blocks)).toBe("Enter the provider's name");
    expect(addProviderProblem(' DR.  ADAMS ', blocks)).toBe('Dr. Adams already has goals here');
    expect(addProviderProblem('x'.repeat(201), blocks)).toBe('A name must be at most 200 characters');
    expect(addProviderProblem('Dr. Baker', blocks)).toBeNull();
    expect(withProvider(blocks, '  Dr.   Baker ').map((b) => b.provider)).toEqual([
      'Dr. Adams',
      'Dr. Baker',
      'dr. brown',
    ]);
  });

  it('tells a changed grid from one that would save the same', () => {
    const saved = blocksOf(goals);
    const retyped: ProviderGoals[] = structuredClone(saved);
    retyped[0].rows.consults = { mode: 'monthly', same: '10', months: Array(12).fill('10') };
    expect(sameGoals(2026, saved, retyped)).toBe(true);
    retyped[0].rows.consults.months[3] = '11';
    expect(sameGoals(2026, saved, retyped)).toBe(false);
    expect(sameGoals(2026, saved, withProvider(saved, 'Dr. New'))).toBe(false);
  });
});
