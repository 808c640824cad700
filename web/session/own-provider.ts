import { useContext } from 'react';
import { AuthContext } from './auth';

/**
 * The provider a provider's account is named for, which their filters start on (docs/screens.md
 * section 10); null for managers, admins, a provider account with no provider name, and a tab
 * rendered on its own without the app's sign-in.
 */
export function useOwnProvider(): string | null {
  const state = useContext(AuthContext)?.state;
  if (state?.status !== 'signed-in' || state.user.role !== 'provider') return null;
  return state.user.provider_name || null;
}
