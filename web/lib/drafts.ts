/**
 * What someone has typed and not yet saved, kept for the browser tab's session: the automatic
 * logoff (web/app/idle/) signs out in the middle of a sentence, and signing in again brings the
 * sentence back (docs/screens.md, Automatic logoff). Only in sessionStorage, which no other tab
 * and no later visit reads (never localStorage, which outlives the tab); a deliberate sign-out
 * clears every draft, as does saving the draft's own form.
 */
import { useState } from 'react';

const PREFIX = 'draft:';

/** The storage key of one draft, from its parts (who, what, which field); any text is safe in it. */
export const draftKey = (...parts: readonly string[]): string => PREFIX + JSON.stringify(parts);

function readDraft(key: string): unknown {
  try {
    const stored = sessionStorage.getItem(key);
    return stored === null ? undefined : JSON.parse(stored);
  } catch {
    return undefined;
  }
}

function writeDraft(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage loses the draft's copy, never the typing itself.
  }
}

/** On a deliberate sign-out: the next person at this tab finds nothing of the last one's typing. */
export function clearDrafts() {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
}

/**
 * `useState` whose value is also kept under `key` while it differs from `empty`: it starts from the
 * kept draft (when `read` accepts it) and going back to `empty` (a save, a cancel) forgets it.
 * A new `key` (another patient) starts again from that key's draft.
 */
export function useDraft<T>(
  key: string,
  empty: T,
  read: (stored: unknown) => T | null,
): [T, (next: T) => void] {
  const load = () => ({ key, value: read(readDraft(key)) ?? empty });
  const [held, setHeld] = useState(load);
  let current = held;
  if (held.key !== key) {
    current = load();
    setHeld(current);
  }
  const set = (value: T) => {
    if (JSON.stringify(value) === JSON.stringify(empty)) sessionStorage.removeItem(key);
    else writeDraft(key, value);
    setHeld({ key, value });
  };
  return [current.value, set];
}

/** `read` for a draft of plain text. */
export const readText = (stored: unknown): string | null => (typeof stored === 'string' ? stored : null);
