import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activitiesApi } from '../../../common/api/activities';
import { type Thresholds, worklistApi } from '../../../common/api/worklist';
import { WORKLIST_ENDPOINTS } from '../../components/case/api';
import { call } from '../../lib/api';
import { endpointQuery, invalidateEndpoints } from '../../lib/query-keys';
import { type Filters, worklistQueryOf } from './filters';

/** How many patients the list shows at first, and adds with each 'Show more'. */
export const PAGE_SIZE = 100;

/** The first `limit` patients of the selection (and every count): a large group's list runs long. */
export const useWorklist = (filters: Filters, limit: number) =>
  useQuery({
    ...endpointQuery(worklistApi.list, { query: { ...worklistQueryOf(filters), limit } }),
    // The cards keep their counts and the list its rows while the next selection loads.
    placeholderData: keepPreviousData,
  });

const thresholdsQuery = () => endpointQuery(worklistApi.thresholds);

export function useThresholds() {
  return useQuery({ ...thresholdsQuery(), select: (answer) => answer.thresholds });
}

/** Saves all four thresholds; the list and counts depend on them, so the tab is read again. */
export function useSaveThresholds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (thresholds: Thresholds) => call(worklistApi.setThresholds, { body: { thresholds } }),
    onSuccess: async (saved) => {
      client.setQueryData(thresholdsQuery().queryKey, saved);
      await invalidateEndpoints(client, WORKLIST_ENDPOINTS);
    },
  });
}

/** What each person did between two days (managers and admins; docs/behaviour.md section 15). */
export function useTeamSummary(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    ...endpointQuery(activitiesApi.summary, { query: { from: range.from, to: range.to } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
