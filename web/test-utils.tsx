import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { activitiesApi } from '../common/api/activities';
import type { User } from '../common/api/auth';
import type { Role } from '../common/roles';
import { useShellNavigation } from './app/shell/navigation';
import { theme } from './app/theme';
import { NavigationContext } from './lib/navigation';
import { AuthProvider, useAuth } from './session/auth';
import { testPatientId } from './test-patients';

/** The shell's own navigation between tabs, for a tab rendered alone (a test may provide its own). */
function ShellNavigation({ children }: { children: ReactNode }) {
  return <NavigationContext.Provider value={useShellNavigation()}>{children}</NavigationContext.Provider>;
}

/**
 * Renders inside Mantine (no transitions or portals), a fresh query client without retries and the
 * shell's navigation.
 */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <ShellNavigation>{ui}</ShellNavigation>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export type Route = (
  url: string,
  init: RequestInit,
) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

/**
 * Replaces fetch with a function of (url, init); answers 404 to anything the route does not know,
 * but a patient's id for a name (web/lib/patient-ref.ts), which is any patient's unless the route
 * says otherwise.
 */
export function mockFetch(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const answer = route(String(input), init) ??
      patientRef(String(input), init) ?? {
        status: 404,
        body: { success: false, error: 'Not found', code: 'not_found' },
      };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const jsonBody = (init: RequestInit): unknown => JSON.parse(String(init.body));

function patientRef(url: string, init: RequestInit): ReturnType<Route> {
  if (url !== activitiesApi.ref.path || init.method !== 'POST') return undefined;
  const { patient_name } = jsonBody(init) as { patient_name: string };
  return { body: { success: true, patient_id: testPatientId(patient_name) } };
}

function SignedIn({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  return state.status === 'signed-in' ? children : null;
}

/** A user of the role as the API answers one, with `over` applied. */
export const testUser = (role: Role, over: Partial<User> = {}): User => ({
  id: 1,
  username: `a-${role}`,
  email: null,
  role,
  provider_name: role === 'provider' ? 'Dr. Test' : null,
  is_active: true,
  has_mfa: false,
  last_login: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

/**
 * Renders a tab for a signed-in user of the role (the token check answers with that user, with
 * `over` applied); every other call goes to the route, as with mockFetch.
 */
export function renderSignedIn(ui: ReactElement, role: Role, route: Route, over: Partial<User> = {}) {
  const user = testUser(role, over);
  localStorage.setItem('token', 'test-token');
  const fetchMock = mockFetch((url, init) =>
    url === '/api/auth/verify-token' ? { body: { success: true, user } } : route(url, init),
  );
  const view = renderWithProviders(
    <AuthProvider>
      <SignedIn>{ui}</SignedIn>
    </AuthProvider>,
  );
  return { fetchMock, ...view };
}
