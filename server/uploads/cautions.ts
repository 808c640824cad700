/**
 * The cautions a preview says in words (docs/behaviour.md section 2), before anything changes:
 * headers of another kind of file, a Future Scheduled file mostly in the past, a replace that
 * takes away most of what is stored, and a file that the next scheduled sync will replace.
 */
import type { ImportKind } from '../../common/api/imports';
import { formatDate } from '../../common/format';
import { looksLikeSentence } from '../file-reading/headers';

const count = (n: number) => n.toLocaleString('en-US');

export interface DateRange {
  from: string;
  to: string;
}

export interface CautionFacts {
  kind: ImportKind;
  /** The other kind of file whose headers these are, or null. */
  looksLike: ImportKind | null;
  /** The file's valid rows, its dated rows, and (Future Scheduled) those before today. */
  rows: number;
  dated: number;
  past: number;
  range: DateRange | null;
  /** What a replace would take away; null for a merge, which takes nothing. */
  stored: { rows: number; range: DateRange | null } | null;
  /** The next scheduled sync in words ('every day at 05:00') when one will replace this kind; else null. */
  nextSync: string | null;
}

/** Days from the first to the last date of a range, both counted. */
const spanOf = (range: DateRange) =>
  (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;

const rangeWords = (range: DateRange) => `${formatDate(range.from)}-${formatDate(range.to)}`;

/** The replace removes more than half of the stored rows, or of the days they span. */
function drastic(facts: CautionFacts): string[] {
  const { stored, rows, range } = facts;
  if (!stored || stored.rows === 0) return [];
  const said: string[] = [];
  if (rows * 2 < stored.rows) {
    // Rounded down: one row left of 1,805 is 99% fewer, not 100%.
    const fewer = Math.floor((1 - rows / stored.rows) * 100);
    said.push(
      `This file has ${count(rows)} ${rows === 1 ? 'row' : 'rows'} where ${count(stored.rows)} are stored now (${fewer}% fewer): importing it replaces them all. Is it the whole report?`,
    );
  }
  if (stored.range && range && spanOf(range) * 2 < spanOf(stored.range))
    said.push(
      `This file's dates (${rangeWords(range)}) cover less than half of the stored data's (${rangeWords(stored.range)}): importing it removes every row outside them.`,
    );
  return said;
}

export function cautionsOf(facts: CautionFacts): string[] {
  const { kind, looksLike, dated, past, nextSync } = facts;
  const cautions: string[] = [];
  if (looksLike) cautions.push(looksLikeSentence(looksLike, kind));
  if (kind === 'future-scheduled' && past * 2 > dated)
    cautions.push(
      `${count(past)} of ${count(dated)} dated rows are before today: is this the Future Scheduled report?`,
    );
  cautions.push(...drastic(facts));
  if (nextSync)
    cautions.push(
      `Open Dental is synced ${nextSync}: the next sync will replace this file's rows with Open Dental's.`,
    );
  return cautions;
}
