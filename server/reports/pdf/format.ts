/** Formatting for the PDF report (docs/screens.md section 9): pure, so it is tested on its own. */

import { formatDateTime } from '../../../common/format';

const thousands = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Dollars in thousands with one decimal and a 'k': 45000 is `$45.0k`, 14995 is `$15.0k`,
 * 1234567 is `$1,234.6k`. Each amount is rounded on its own to the nearest $100, half away from
 * zero (on whole hundreds, so 14950 is `$15.0k` whatever the binary fraction of 14.95 is). A total
 * is its exact amount rounded, never a sum of rounded parts, so the parts shown may not add to it:
 * every money table says so (ROUNDING_NOTE). Zero (or nothing) shows `zero`, '-' as in every table.
 */
export function formatThousands(value: number | null | undefined, zero = '-'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return zero;
  const hundreds = Math.round(Math.abs(value) / 100);
  if (hundreds === 0) return zero;
  return `${value < 0 ? '-' : ''}$${thousands.format(hundreds / 10)}k`;
}

/** Printed under every table of dollar amounts. */
export const ROUNDING_NOTE =
  'Dollar figures in thousands, rounded to the nearest $100; totals are of the exact amounts, so the figures may not add up to them exactly.';

/** One decimal place: `35.6%`. */
export function formatWinRate(value: number): string {
  return `${(Number.isFinite(value) ? value : 0).toFixed(1)}%`;
}

/**
 * A word too long for a line on its own is broken only after its hyphens (`Smith-` / `Jones`);
 * a word without one stays whole on a line of its own, longer than `width`.
 */
function pieces(word: string, width: number): string[] {
  if (word.length <= width) return [word];
  return word.split(/(?<=-)(?=.)/);
}

/**
 * Breaks text into lines of at most `width` characters at word boundaries: between words, or
 * after a hyphen inside a word too long for a line. A word is never cut: one longer than `width`
 * with no hyphen gets a line of its own, and the table column is made wide enough for it.
 * `Dr. Michael Rodriguez` at 15 is `Dr. Michael` / `Rodriguez`.
 */
export function wrapText(text: string, width = 15): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (!word) continue;
    pieces(word, width).forEach((piece, index) => {
      // The first piece of a word follows a space; the rest continue the word after its hyphen.
      const joined = !line ? piece : index === 0 ? `${line} ${piece}` : `${line}${piece}`;
      if (joined.length <= width || !line) {
        line = joined;
        return;
      }
      lines.push(line);
      line = piece;
    });
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** `11/22/2026, 9:15 PM`, the app's one date format. */
export function formatGeneratedAt(date: Date): string {
  return formatDateTime(date);
}
