/**
 * What the patient search box matches (docs/behaviour.md section 7). Staff type names the way the
 * practice management system writes them, `Hernandez, Ant`, as often as the way the app shows
 * them, `Anthony Hernandez`; both must find the patient.
 *
 * A search is a list of SQL LIKE patterns over patient keys (keys are the display names in lower
 * case); a key matching any of them is a match. The database runs the patterns (`LIKE ANY`) and
 * `matchesKey` runs the same patterns here, so the rule is written once.
 */
import { SEARCH_MIN_CHARS } from '../../common/limits';
import { patientKey } from './names';

export interface NameSearch {
  /** The text as typed, trimmed and with whitespace collapsed (what the audit log keeps). */
  term: string;
  /** LIKE patterns (backslash escapes) that a patient key matches when the patient is found. */
  patterns: string[];
}

/** `%`, `_` and the escape character itself are literal in what was typed. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search for a box's text, or null when it is shorter than 2 characters once trimmed.
 *
 * - Any part of the display name, case-insensitively (`ern` finds Anthony Hernandez).
 * - Any part of the text's patient key: `Hernandez, Anthony` is `anthony hernandez`.
 * - With exactly one comma, `Last, First` with either side cut short: a word of the name starts
 *   with the first part, and the last part comes in a later word. `Hernandez, Ant` finds Anthony
 *   Hernandez but not Walter Hernandez; `Hern, Anthony J` finds Anthony James Hernandez.
 */
export function nameSearch(q: string): NameSearch | null {
  const term = q.trim().replace(/\s+/g, ' ');
  if (term.length < SEARCH_MIN_CHARS) return null;
  const patterns = [`%${escapeLike(term.toLowerCase())}%`, `%${escapeLike(patientKey(term))}%`];
  const parts = term.toLowerCase().split(',');
  if (parts.length === 2) {
    const last = escapeLike(parts[0].trim());
    const first = escapeLike(parts[1].trim());
    if (last && first) patterns.push(`${first}% %${last}%`, `% ${first}% %${last}%`);
  }
  return { term, patterns: [...new Set(patterns)] };
}

/** A LIKE pattern as a regular expression: `%` any run, `_` any one character, `\x` the x itself. */
function likeToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i]);
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`, 's');
}

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a patient key is found by the search: what the database's `LIKE ANY` answers. */
export function matchesKey(search: NameSearch, key: string): boolean {
  return search.patterns.some((pattern) => likeToRegExp(pattern).test(key));
}
