import { useQuery } from '@tanstack/react-query';
import { syncApi } from '../../common/api/sync';
import { endpointQuery } from './query-keys';

/**
 * Whether a sync is set up, how the last went and whether the figures are behind: one query for
 * the line every tab shows and the Data Import tab's card, looked at again every few seconds while
 * a sync runs.
 */
export function useSyncStatus() {
  return useQuery({
    ...endpointQuery(syncApi.status),
    refetchInterval: (query) => (query.state.data?.running ? 3000 : false),
  });
}
