import { useQueryClient } from '@tanstack/react-query';

/**
 * An import or a mapping change recalculates the scoresheet on the server, so every figure of
 * every tab may have changed: all cached queries are marked stale and the visible ones fetched again.
 */
export function useRefreshEverything(): () => void {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries();
  };
}
