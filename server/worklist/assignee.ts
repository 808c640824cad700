import type { Tx } from '../db/client';
import type { AssigneeFilter } from '../domain/worklist';
import { fieldError } from '../http/errors';

export const UNKNOWN_USER = 'Unknown user';

/**
 * The worklist's `assigned_to` (docs/behaviour.md section 15) as a username, `unassigned`, or null
 * for everyone: `me` is the caller; any other name must be a user's, in any case (else 400), and
 * is taken as that user spells it, so one user's list has one cache key however it was asked.
 */
export async function resolveAssignedTo(
  db: Tx,
  assignedTo: string | undefined,
  me: string,
): Promise<string | null> {
  if (assignedTo === undefined || assignedTo === '') return null;
  const lower = assignedTo.toLowerCase();
  if (lower === 'unassigned') return 'unassigned';
  if (lower === 'me') return me;
  const [user] = await db.query<{ username: string }>(
    'SELECT username FROM users WHERE lower(username) = $1',
    [lower],
  );
  if (!user) throw fieldError('assigned_to', UNKNOWN_USER, 'unknown_user');
  return user.username;
}

/** A resolved `assignedTo` as the rules match it: usernames are compared without regard to case. */
export function assignedToFilter(assignedTo: string | null): AssigneeFilter {
  if (assignedTo === null) return { kind: 'everyone' };
  if (assignedTo === 'unassigned') return { kind: 'unassigned' };
  return { kind: 'user', name: assignedTo.toLowerCase() };
}
