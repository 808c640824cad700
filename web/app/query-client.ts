import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused or invalid request will not succeed on a second try; a dropped connection might.
        retry: (count, err) =>
          count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        // Figures change only on import: no refetch each time the window regains focus.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
