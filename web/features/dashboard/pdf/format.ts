/** Formatting for the PDF report (docs/screens.md section 9): pure, so it is tested on its own. */

const thousands = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Dollars in thousands with one decimal and a 'k': 45000 is `$45.0k`, 14995 is `$15.0k`,
 * 1234567 is `$1,234.6k`. Zero (or nothing) shows `zero`, '-' as in every table.
 */
export function formatThousands(value: number | null | undefined, zero = '-'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return zero;
  const text = thousands.format(Math.abs(value) / 1000);
  if (text === '0.0') return zero;
  return `${value < 0 ? '-' : ''}$${text}k`;
}

/** One decimal place: `35.6%`. */
export function formatWinRate(value: number): string {
  return `${(Number.isFinite(value) ? value : 0).toFixed(1)}%`;
}

/**
 * Breaks text into lines of at most `width` characters, at spaces where it can; a longer word is
 * cut. `Dr. Michael Rodriguez` at 15 is `Dr. Michael` / `Rodriguez`.
 */
export function wrapText(text: string, width = 15): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    if (!word) continue;
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `full-arch-report-2026-11-22.pdf`, by the local calendar date. */
export function reportFileName(date: Date): string {
  return `full-arch-report-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.pdf`;
}

const generated = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** `November 22, 2026 at 9:15 PM`. */
export function formatGeneratedAt(date: Date): string {
  return generated.format(date);
}
