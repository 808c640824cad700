/**
 * Patient, provider and code normalization (docs/behaviour.md section 1). Every file names patients by
 * free text, so these functions decide which rows belong to one patient.
 */

/** Whitespace that collapsing would change: anything but a single space between words. */
const UNTIDY_SPACE = /[^\S ]| {2}|^ | $/;

/** Trim and collapse every run of whitespace (any Unicode space, tabs, newlines) to one space. */
function collapseWhitespace(raw: string): string {
  // Most names are tidy already: testing is far cheaper than rebuilding them (imports call this
  // a few times for each of hundreds of thousands of rows).
  return UNTIDY_SPACE.test(raw) ? raw.replace(/\s+/g, ' ').trim() : raw;
}

/**
 * The display form of a name: whitespace collapsed and, when there is exactly one comma,
 * `Last, First Middle` turned into `First Middle Last`. Two or more commas are left alone because
 * the name's order can no longer be guessed safely.
 */
export function displayName(raw: string): string {
  const name = collapseWhitespace(raw);
  const comma = name.indexOf(',');
  if (comma === -1 || name.indexOf(',', comma + 1) !== -1) return name;
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  if (first === '' || last === '') return first || last;
  return `${first} ${last}`;
}

/** The key that identifies a patient across files: the display name in lower case. */
export function patientKey(raw: string): string {
  return displayName(raw).toLowerCase();
}

/** Providers are compared exactly once whitespace is tidied (docs/behaviour.md: no case folding). */
export function normalizeProvider(raw: string): string {
  return collapseWhitespace(raw);
}

/**
 * An office as a file names it, whitespace tidied; empty is none (docs/behaviour.md section 11).
 * Offices compare without case: see locationKey.
 */
export function normalizeLocation(raw: string | null): string | null {
  return raw === null ? null : collapseWhitespace(raw) || null;
}

/** Two spellings of one office that differ only in case are the same office. */
export const locationKey = (location: string): string => location.toLowerCase();

/** `d6114 ` is `D6114`. */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}
