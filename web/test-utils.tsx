import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { theme } from './app/theme';

/** Renders inside Mantine (no transitions or portals) and a fresh query client without retries. */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

type Route = (url: string, init: RequestInit) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a function of (url, init); answers 404 to anything the route does not know. */
export function mockFetch(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const answer = route(String(input), init) ?? {
      status: 404,
      body: { success: false, error: 'Not found' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const jsonBody = (init: RequestInit): unknown => JSON.parse(String(init.body));
