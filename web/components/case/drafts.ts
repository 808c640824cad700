import { useContext } from 'react';
import { draftKey, useDraft } from '../../lib/drafts';
import { AuthContext } from '../../session/auth';

/**
 * A draft of one part of a patient's case card (the note box, the contact being recorded, a
 * dialog's fields), kept for the signed-in user and that patient only (web/lib/drafts.ts): another
 * user signing in at this tab never sees it, and the same case on Follow-ups and Patient Lookup
 * shares it.
 */
export function useCaseDraft<T>(
  patientName: string,
  part: string,
  empty: T,
  read: (stored: unknown) => T | null,
): [T, (next: T) => void] {
  const auth = useContext(AuthContext)?.state;
  // Usernames are one user whatever their case (docs/behaviour.md section 8).
  const user = auth?.status === 'signed-in' ? auth.user.username.toLowerCase() : '';
  return useDraft(draftKey('case', user, patientName, part), empty, read);
}

/** `read` for a draft object: its own fields of the expected types, or null. */
export function readFields<T extends object>(
  stored: unknown,
  checks: { [K in keyof T]: (value: unknown) => boolean },
): T | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  for (const [field, check] of Object.entries<(value: unknown) => boolean>(checks))
    if (!check(record[field])) return null;
  return record as T;
}

export const isText = (value: unknown) => typeof value === 'string';
/** One of `values`, or null (nothing chosen yet). */
export const isOneOf =
  (values: readonly string[]) =>
  (value: unknown): boolean =>
    value === null || (typeof value === 'string' && values.includes(value));
