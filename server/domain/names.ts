/**
 * Patient, provider and code normalization (rules.md section 1). Every file names patients by
 * free text, so these functions decide which rows belong to one patient.
 */

/** Trim and collapse every run of whitespace (any Unicode space, tabs, newlines) to one space. */
function collapseWhitespace(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

/**
 * The display form of a name: whitespace collapsed and, when there is exactly one comma,
 * `Last, First Middle` turned into `First Middle Last`. Two or more commas are left alone because
 * the name's order can no longer be guessed safely.
 */
export function displayName(raw: string): string {
  const name = collapseWhitespace(raw);
  const parts = name.split(',');
  if (parts.length !== 2) return name;
  const last = parts[0].trim();
  const first = parts[1].trim();
  return [first, last].filter((part) => part !== '').join(' ');
}

/** The key that identifies a patient across files: the display name in lower case. */
export function patientKey(raw: string): string {
  return displayName(raw).toLowerCase();
}

/** Providers are compared exactly once whitespace is tidied (rules.md: no case folding). */
export function normalizeProvider(raw: string): string {
  return collapseWhitespace(raw);
}

/** `d6114 ` is `D6114`. */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}
