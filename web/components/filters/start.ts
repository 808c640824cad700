/** Where a bare address starts a user (docs/screens.md section 10). */
import { useContext } from 'react';
import type { Role } from '../../../common/roles';
import { AuthContext } from '../../session/auth';
import { useOwnProvider } from '../../session/own-provider';

/** The Assigned to choices besides a username: every case, the caller's own, and nobody's. */
export const EVERYONE = 'everyone';
export const ME = 'me';
export const UNASSIGNED = 'unassigned';

/**
 * A provider account starts on its own provider, a coordinator on the cases assigned to them;
 * anyone else on everything.
 */
export interface Start {
  provider: string | null;
  assignedTo: string;
}

export const START_EVERYWHERE: Start = { provider: null, assignedTo: EVERYONE };

/** The signed-in user's start: `role` and, for a provider account, its provider name. */
export function startOf(role: Role | null, ownProvider: string | null): Start {
  return { provider: ownProvider, assignedTo: role === 'coordinator' ? ME : EVERYONE };
}

/** The signed-in user's start; everywhere for a tab rendered on its own, without the app's sign-in. */
export function useStart(): Start {
  const state = useContext(AuthContext)?.state;
  return startOf(state?.status === 'signed-in' ? state.user.role : null, useOwnProvider());
}
