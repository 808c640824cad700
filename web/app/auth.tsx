import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { authApi, type User } from '../../common/api/auth';
import { call, clearToken, onSessionEnded, readToken, storeToken, TOKEN_KEY } from '../lib/api';

export type AuthState =
  | { status: 'loading' }
  | { status: 'verifying' }
  /** `notice` says why the session ended, when it ended on its own (a 401). */
  | { status: 'signed-out'; notice: string | null }
  | { status: 'signed-in'; user: User };

interface AuthContextValue {
  state: AuthState;
  login(username: string, password: string): Promise<void>;
  logout(notice?: string): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  const logout = useCallback(
    (notice?: string) => {
      clearToken();
      // The next person at this screen must not see the last one's data.
      queryClient.clear();
      setState({ status: 'signed-out', notice: notice ?? null });
    },
    [queryClient],
  );

  const verify = useCallback(
    async (signal?: AbortSignal) => {
      if (!readToken()) {
        setState({ status: 'signed-out', notice: null });
        return;
      }
      setState({ status: 'verifying' });
      try {
        const { user } = await call(authApi.verifyToken, { signal });
        setState({ status: 'signed-in', user });
      } catch {
        if (signal?.aborted) return;
        // A 401 has already ended the session through onSessionEnded; anything else ends it here.
        if (readToken()) logout();
      }
    },
    [logout],
  );

  useEffect(() => {
    const controller = new AbortController();
    void verify(controller.signal);
    return () => controller.abort();
  }, [verify]);

  useEffect(() => onSessionEnded((message) => logout(message)), [logout]);

  // Signing out (or in) in another browser tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY) return;
      if (event.newValue === null) logout();
      else void verify();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout, verify]);

  const login = useCallback(async (username: string, password: string) => {
    const result = await call(authApi.login, { body: { username, password } });
    storeToken(result.token);
    setState({ status: 'signed-in', user: result.user });
  }, []);

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
