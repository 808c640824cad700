/**
 * The Marketing spend card's grid as text boxes, and how it becomes the body of PUT
 * /api/config/marketing-spend (docs/behaviour.md section 19). The contract's own schema checks the
 * grid, so the card marks what the server would refuse, each problem at its box; a refusal the
 * server names a field of (`spend.2.months.3`) is marked there too.
 */
import { MONTH_NAMES } from '../../../common/api/goals';
import {
  NO_LEAD,
  type SourceSpend,
  SPEND_SOURCE_MAX,
  spendBody,
  spendSource,
} from '../../../common/api/marketing';
import { amountText, compareProviders, type GoalMode, parseAmount } from './goals-draft';

/** One source's spend as typed. Both kinds are kept, so switching back and forth loses nothing. */
export interface SpendRowDraft {
  source: string;
  mode: GoalMode;
  same: string;
  /** January first. */
  months: string[];
}

/** Where a message goes: a month's box (0-11), or the one box of 'Same every month'. */
export type SpendCell = number | 'same';

export const spendCellKey = (source: string, cell: SpendCell) => `${source}\n${cell}`;

export interface SpendErrors {
  /** By spendCellKey. */
  cells: Record<string, string>;
  /** A problem with a source's row as a whole (its name), by source. */
  sources: Record<string, string>;
  /** A problem with no place of its own. */
  form: string | null;
}

export const NO_SPEND_ERRORS: SpendErrors = { cells: {}, sources: {}, form: null };

export const hasSpendErrors = (errors: SpendErrors) =>
  Object.keys(errors.cells).length > 0 || Object.keys(errors.sources).length > 0 || errors.form !== null;

const MONTHS = 12;

export const emptySpendRow = (source: string): SpendRowDraft => ({
  source,
  mode: 'same',
  same: '',
  months: Array(MONTHS).fill(''),
});

/** Amounts are dollars and cents: `1,500`, `1,250.50`. */
export const spendText = (amount: number) => amountText('arch_value', amount);

function rowOf({ source, months }: SourceSpend): SpendRowDraft {
  const texts = months.map(spendText);
  const same = texts.every((text) => text === texts[0]);
  return { source, mode: same ? 'same' : 'monthly', same: same ? texts[0] : '', months: texts };
}

/** The year's spend (sorted, as the server answers it) as the grid: one row per source. */
export const rowsOf = (spend: readonly SourceSpend[]): SpendRowDraft[] => spend.map(rowOf);

/** Whether a row has nothing typed on the side shown: it is not kept. */
export const isEmptyRow = (row: SpendRowDraft) =>
  row.mode === 'same' ? !row.same.trim() : row.months.every((text) => !text.trim());

/**
 * The twelve amounts a row sends, or null when it is empty. Month by month, a blank month beside
 * filled ones is nothing spent that month: a year is often entered as it goes.
 */
function amountsOf(row: SpendRowDraft): number[] | null {
  if (isEmptyRow(row)) return null;
  if (row.mode === 'same') return Array(MONTHS).fill(parseAmount(row.same));
  return row.months.map((text) => parseAmount(text) ?? 0);
}

/** Switching keeps both kinds; a side still blank starts from the other. */
export function switchMode(row: SpendRowDraft, mode: GoalMode): SpendRowDraft {
  if (mode === 'monthly' && row.months.every((text) => !text.trim()))
    return { ...row, mode, months: Array(MONTHS).fill(row.same) };
  if (mode === 'same' && !row.same.trim() && row.months.every((text) => text === row.months[0]))
    return { ...row, mode, same: row.months[0] };
  return { ...row, mode };
}

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The rows sent, in order, beside the row each came from: a path's index names one of these. */
function sentRows(rows: readonly SpendRowDraft[]) {
  const spend: { source: string; months: number[] }[] = [];
  const places: SpendRowDraft[] = [];
  for (const row of rows) {
    const months = amountsOf(row);
    if (!months) continue;
    spend.push({ source: row.source, months });
    places.push(row);
  }
  return { spend, places };
}

/**
 * Puts one problem at its place: a month's box (the one box of 'Same every month'), the source's
 * row, or the whole card. `path` is as the contract names it: `['spend', 2, 'months', 3]`.
 */
function markAt(
  errors: SpendErrors,
  places: readonly SpendRowDraft[],
  path: readonly PropertyKey[],
  message: string,
) {
  const [top, index, field, month] = path;
  const row = top === 'spend' && typeof index === 'number' ? places[index] : undefined;
  if (!row) {
    errors.form ??= message;
    return;
  }
  if (field === 'months' && typeof month === 'number') {
    // The box's label already names the source and the month: only the problem is said.
    const words = message.replace(/^Source \d+( \(.*\))?: /, '').replace(`${MONTH_NAMES[month]} `, '');
    const cell: SpendCell = row.mode === 'same' ? 'same' : month;
    errors.cells[spendCellKey(row.source, cell)] ??= sentence(words);
  } else {
    errors.sources[row.source] ??= message;
  }
}

/** The body to save, or every problem at its place. */
export function checkSpend(
  year: number,
  rows: readonly SpendRowDraft[],
): { body: { year: number; spend: SourceSpend[] } } | { errors: SpendErrors } {
  const { spend, places } = sentRows(rows);
  const parsed = spendBody.safeParse({ year, spend });
  if (parsed.success) return { body: parsed.data };
  const errors: SpendErrors = { cells: {}, sources: {}, form: null };
  for (const issue of parsed.error.issues) markAt(errors, places, issue.path, issue.message);
  return { errors };
}

/**
 * A refusal of the server at the field it names (`spend.2.months.3`), counted over the rows that
 * were sent; null when it names none the grid has.
 */
export function serverErrors(
  rows: readonly SpendRowDraft[],
  field: string | null,
  message: string,
): SpendErrors | null {
  if (!field?.startsWith('spend.')) return null;
  const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const errors: SpendErrors = { cells: {}, sources: {}, form: null };
  markAt(errors, sentRows(rows).places, path, message);
  return errors.form === null ? errors : null;
}

/** Why a source cannot be added, or null: it is needed, `No lead` is none, and a source is listed once. */
export function addSourceProblem(raw: string, rows: readonly SpendRowDraft[]): string | null {
  const source = spendSource(raw);
  if (!source) return "Enter the source's name";
  if (source.length > SPEND_SOURCE_MAX) return `A source must be at most ${SPEND_SOURCE_MAX} characters`;
  if (source.toLowerCase() === NO_LEAD.toLowerCase()) return `${NO_LEAD} is not a source`;
  const same = rows.find((r) => r.source.toLowerCase() === source.toLowerCase());
  return same ? `${same.source} already has a row here` : null;
}

/** The grid with a new source in its place in the order, its amounts empty. */
export function withSource(rows: readonly SpendRowDraft[], raw: string): SpendRowDraft[] {
  return [...rows, emptySpendRow(spendSource(raw))].sort((a, b) => compareProviders(a.source, b.source));
}

/** Whether two grids would save the same spend, whatever their boxes' modes or spacing. */
export function sameSpend(year: number, a: readonly SpendRowDraft[], b: readonly SpendRowDraft[]): boolean {
  const [x, y] = [checkSpend(year, a), checkSpend(year, b)];
  if (!('body' in x) || !('body' in y)) return false;
  return (
    JSON.stringify(x.body.spend) === JSON.stringify(y.body.spend) &&
    a.map((r) => r.source).join('\n') === b.map((r) => r.source).join('\n')
  );
}

/** The sources offered when adding one: those of the leads and of spend, not yet in the grid, once each. */
export function offeredSources(known: readonly string[], rows: readonly SpendRowDraft[]): string[] {
  const taken = new Set(rows.map((r) => r.source.toLowerCase()));
  const offered = new Map<string, string>();
  for (const source of known) {
    const key = source.toLowerCase();
    if (source === NO_LEAD || taken.has(key) || offered.has(key)) continue;
    offered.set(key, source);
  }
  return [...offered.values()].sort(compareProviders);
}
