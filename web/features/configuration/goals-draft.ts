/**
 * The Goals card's grid as text boxes, and how it becomes the body of PUT /api/config/goals
 * (docs/behaviour.md section 16). The contract's own schema checks the grid, so the card marks
 * what the server would refuse, each problem at its box.
 */
import {
  GOAL_METRICS,
  GOAL_PROVIDER_MAX,
  type Goal,
  type GoalMetric,
  goalAmountProblem,
  goalProvider,
  goalsBody,
} from '../../../common/api/goals';

/** One amount for the whole year, or twelve. */
export type GoalMode = 'same' | 'monthly';

/** A metric's goal as typed. Both kinds are kept, so switching back and forth loses nothing. */
export interface GoalRowDraft {
  mode: GoalMode;
  same: string;
  /** January first. */
  months: string[];
}

export interface ProviderGoals {
  provider: string;
  rows: Record<GoalMetric, GoalRowDraft>;
}

/** Where a message goes: a month's box (0-11), or the one box of 'Same every month'. */
export type GoalCell = number | 'same';

export const cellKey = (provider: string, metric: GoalMetric, cell: GoalCell) =>
  `${provider}\n${metric}\n${cell}`;

export interface GoalErrors {
  /** By cellKey. */
  cells: Record<string, string>;
  /** A problem with a provider's goals as a whole, by provider. */
  providers: Record<string, string>;
  /** A problem with no place of its own. */
  form: string | null;
}

export const NO_ERRORS: GoalErrors = { cells: {}, providers: {}, form: null };

export const hasErrors = (errors: GoalErrors) =>
  Object.keys(errors.cells).length > 0 || Object.keys(errors.providers).length > 0 || errors.form !== null;

const MONTHS = 12;

export const emptyRow = (): GoalRowDraft => ({ mode: 'same', same: '', months: Array(MONTHS).fill('') });

export const emptyProvider = (provider: string): ProviderGoals => ({
  provider,
  rows: { consults: emptyRow(), won: emptyRow(), arch_value: emptyRow() },
});

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount as its box shows it: `12`, `25,000`, `1,250.50`. */
export function amountText(metric: GoalMetric, amount: number): string {
  if (metric === 'arch_value' && !Number.isInteger(amount)) return cents.format(amount);
  return count.format(amount);
}

/** A box's number: null when blank, NaN when it is not one. `$25,000` reads as 25000. */
export function parseAmount(text: string): number | null {
  const bare = text.replace(/[$,\s]/g, '');
  if (!bare) return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(bare) ? Number(bare) : Number.NaN;
}

function rowOf(goal: Goal): GoalRowDraft {
  const texts = goal.months.map((amount) => amountText(goal.metric, amount));
  const same = texts.every((text) => text === texts[0]);
  return { mode: same ? 'same' : 'monthly', same: same ? texts[0] : '', months: texts };
}

/** The year's goals (sorted, as the server answers them) as the grid: one block per provider. */
export function blocksOf(goals: readonly Goal[]): ProviderGoals[] {
  const blocks: ProviderGoals[] = [];
  for (const goal of goals) {
    let block = blocks.find((b) => b.provider === goal.provider);
    if (!block) {
      block = emptyProvider(goal.provider);
      blocks.push(block);
    }
    block.rows[goal.metric] = rowOf(goal);
  }
  return blocks;
}

/** The server's order: by name ignoring case, then exactly. */
export function compareProviders(a: string, b: string): number {
  const [la, lb] = [a.toLowerCase(), b.toLowerCase()];
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The twelve amounts a row sends, or null when it is empty (no goal of that metric). */
function amountsOf(row: GoalRowDraft): number[] | null {
  if (row.mode === 'same') {
    const amount = parseAmount(row.same);
    return amount === null ? null : Array(MONTHS).fill(amount);
  }
  const amounts = row.months.map(parseAmount);
  if (amounts.every((a) => a === null)) return null;
  // A blank month beside filled ones is not a number: it is marked rather than taken as 0.
  return amounts.map((a) => a ?? Number.NaN);
}

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * The body to save, or every problem at its place: a bad amount under its box (under the one box
 * of 'Same every month'), a provider's problem over their goals, anything else for the whole card.
 */
export function checkGoals(
  year: number,
  blocks: readonly ProviderGoals[],
): { body: { year: number; goals: Goal[] } } | { errors: GoalErrors } {
  const goals: Goal[] = [];
  const places: { block: ProviderGoals; metric: GoalMetric }[] = [];
  for (const block of blocks)
    for (const metric of GOAL_METRICS) {
      const months = amountsOf(block.rows[metric]);
      if (!months) continue;
      goals.push({ provider: block.provider, metric, months });
      places.push({ block, metric });
    }
  const parsed = goalsBody.safeParse({ year, goals });
  if (parsed.success) return { body: parsed.data };

  const errors: GoalErrors = { cells: {}, providers: {}, form: null };
  for (const issue of parsed.error.issues) {
    const [, index, field, month] = issue.path;
    const place = typeof index === 'number' ? places[index] : undefined;
    if (!place || issue.path[0] !== 'goals') {
      errors.form ??= issue.message;
      continue;
    }
    const { block, metric } = place;
    if (field === 'months' && typeof month === 'number') {
      const row = block.rows[metric];
      const cell: GoalCell = row.mode === 'same' ? 'same' : month;
      // The contract's own words for the amount; the box's label already names the month.
      const words = goalAmountProblem(metric, goals[index as number].months[month]) ?? issue.message;
      errors.cells[cellKey(block.provider, metric, cell)] ??= sentence(words);
    } else {
      errors.providers[block.provider] ??= issue.message;
    }
  }
  return { errors };
}

/** Why a name cannot be added, or null: it is needed, and a provider is listed once. */
export function addProviderProblem(raw: string, blocks: readonly ProviderGoals[]): string | null {
  const name = goalProvider(raw);
  if (!name) return "Enter the provider's name";
  if (name.length > GOAL_PROVIDER_MAX) return `A name must be at most ${GOAL_PROVIDER_MAX} characters`;
  const same = blocks.find((b) => b.provider.toLowerCase() === name.toLowerCase());
  return same ? `${same.provider} already has goals here` : null;
}

/** The grid with a new provider in their place in the order, their goals empty. */
export function withProvider(blocks: readonly ProviderGoals[], raw: string): ProviderGoals[] {
  return [...blocks, emptyProvider(goalProvider(raw))].sort((a, b) =>
    compareProviders(a.provider, b.provider),
  );
}

/** Whether two grids would save the same goals, whatever their boxes' modes or spacing. */
export function sameGoals(year: number, a: readonly ProviderGoals[], b: readonly ProviderGoals[]): boolean {
  const [x, y] = [checkGoals(year, a), checkGoals(year, b)];
  if (!('body' in x) || !('body' in y)) return false;
  return (
    JSON.stringify(x.body.goals) === JSON.stringify(y.body.goals) &&
    a.map((p) => p.provider).join('\n') === b.map((p) => p.provider).join('\n')
  );
}
