import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { authApi, type LoginAnswer, type LoginResponse, type User } from '../../common/api/auth';
import { ssoApi } from '../../common/api/sso';
import {
  call,
  clearToken,
  onSessionEnded,
  readToken,
  sendAndForget,
  storeToken,
  TOKEN_KEY,
} from '../lib/api';
import { recentSignOutReason } from './idle-phase';
import { type PendingStep, stepOf } from './login-answer';

export type AuthState =
  | { status: 'loading' }
  | { status: 'verifying' }
  /** `notice` says why the session ended, when it ended on its own (a 401). */
  | { status: 'signed-out'; notice: string | null }
  | { status: 'signed-in'; user: User };

interface AuthContextValue {
  state: AuthState;
  /**
   * Signs in with a password: resolves to null once signed in, or to the step the sign-in still
   * needs (the second factor, or its forced setup; docs/behaviour.md section 20).
   */
  login(username: string, password: string): Promise<PendingStep | null>;
  /**
   * Signs in with the one-time ticket single sign-on came back with (`/login?sso=...`): null once
   * signed in, or the step the sign-in still needs, as `login`.
   */
  completeSso(ticket: string): Promise<PendingStep | null>;
  /** Enters with the session a completed second step (or forced setup) answered. */
  enter(session: LoginResponse): void;
  /**
   * Signs out here, and ends the session on the server while this tab still holds its token (the
   * other tabs, which see the token go, leave that to it). `idle`: the automatic logoff.
   */
  logout(notice?: string, reason?: 'idle'): void;
  /**
   * Changes the signed-in user's password and keeps the session: the change ends the old token, so
   * the new one in the answer is stored in its place. Resolves to the server's message.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<string>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  const logout = useCallback(
    (notice?: string, reason?: 'idle') => {
      const token = readToken();
      clearToken();
      // So the token is no use to anyone who copied it. Best effort: a failure still signs out here.
      if (token) sendAndForget(authApi.logout, token, reason ? { reason } : undefined);
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
      // Signed out there: say here why, when that tab left a reason (the automatic logoff).
      if (event.newValue === null) logout(recentSignOutReason() ?? undefined);
      else void verify();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout, verify]);

  const enter = useCallback((session: LoginResponse) => {
    storeToken(session.token);
    setState({ status: 'signed-in', user: session.user });
  }, []);

  /** Enters when the answer is a session; else answers the step still needed. */
  const answered = useCallback(
    (answer: LoginAnswer) => {
      const step = stepOf(answer);
      if (step.kind !== 'session') return step;
      enter(step.session);
      return null;
    },
    [enter],
  );

  const login = useCallback(
    async (username: string, password: string) =>
      answered(await call(authApi.login, { body: { username, password } })),
    [answered],
  );

  const completeSso = useCallback(
    async (ticket: string) => answered(await call(ssoApi.complete, { body: { ticket } })),
    [answered],
  );

  const changePassword = useCallback(async (currentPassword: string, newPassword: string) => {
    const result = await call(authApi.changePassword, {
      body: { current_password: currentPassword, new_password: newPassword },
    });
    storeToken(result.token);
    setState({ status: 'signed-in', user: result.user });
    return result.message;
  }, []);

  const value = useMemo(
    () => ({ state, login, completeSso, enter, logout, changePassword }),
    [state, login, completeSso, enter, logout, changePassword],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
