import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AuthProvider } from '../session/auth';
import { AuthGate } from './auth-gate';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

interface Props {
  /** Tests pass their own client (and the 'test' environment turns off transitions and portals). */
  queryClient?: QueryClient;
  env?: 'default' | 'test';
}

export function App({ queryClient, env }: Props) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      {/* At the bottom, at every width: a toast at the top would cover the header's Logout. */}
      <Notifications position="bottom-right" />
      <QueryClientProvider client={client}>
        <AuthProvider>
          <AuthGate />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
