import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A query whose failure is only logged: the widget stays empty (docs/screens.md section 8), as the
 * Dashboard's panels and the filters' lists do.
 */
export function useLoggedQuery<T>(result: UseQueryResult<T>, what: string): UseQueryResult<T> {
  const { error } = result;
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}:`, error);
  }, [error, what]);
  return result;
}
