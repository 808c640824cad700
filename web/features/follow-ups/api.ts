import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activitiesApi } from '../../../common/api/activities';
import { dashboardApi } from '../../../common/api/dashboard';
import { type Thresholds, worklistApi } from '../../../common/api/worklist';
import { WORKLIST_KEY } from '../../components/case/api';
import { call } from '../../lib/api';
import { ALL_LOCATIONS, type Filters, worklistQueryOf } from './filters';

// Everything of this tab under one key, so a threshold change refetches the list and its counts.
// The case card's writes refresh this key too (web/components/case/api.ts).
export const followUpsKey = WORKLIST_KEY;
const thresholdsKey = [...followUpsKey, 'thresholds'] as const;

/** How many patients the list shows at first, and adds with each 'Show more'. */
export const PAGE_SIZE = 100;

/** The first `limit` patients of the selection (and every count): a large group's list runs long. */
export const worklistQuery = (filters: Filters, limit: number) => {
  const query = { ...worklistQueryOf(filters), limit };
  return queryOptions({
    queryKey: [...followUpsKey, 'worklist', query],
    queryFn: ({ signal }) => call(worklistApi.list, { query, signal }),
    // The cards keep their counts and the list its rows while the next selection loads.
    placeholderData: keepPreviousData,
  });
};

export const useWorklist = (filters: Filters, limit: number) => useQuery(worklistQuery(filters, limit));

/** The providers to offer: those of the chosen location (docs/behaviour.md section 11). */
export function useProviders(location: string) {
  const query = location === ALL_LOCATIONS ? {} : { location };
  return useQuery({
    queryKey: [...followUpsKey, 'providers', query],
    queryFn: async ({ signal }) => (await call(dashboardApi.providers, { query, signal })).providers,
    placeholderData: keepPreviousData,
  });
}

/** The data's locations; empty when it names none, and then there is no Location select. */
export function useLocations() {
  return useQuery({
    queryKey: [...followUpsKey, 'locations'],
    queryFn: async ({ signal }) => (await call(dashboardApi.locations, { signal })).locations,
  });
}

export function useThresholds() {
  return useQuery({
    queryKey: thresholdsKey,
    queryFn: async ({ signal }) => (await call(worklistApi.thresholds, { signal })).thresholds,
  });
}

/** Saves all four thresholds; the list and counts depend on them, so they are fetched again. */
export function useSaveThresholds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (thresholds: Thresholds) =>
      (await call(worklistApi.setThresholds, { body: { thresholds } })).thresholds,
    onSuccess: async (saved) => {
      client.setQueryData(thresholdsKey, saved);
      await client.invalidateQueries({ queryKey: followUpsKey });
    },
  });
}

/** What each person did between two days (managers and admins; docs/behaviour.md section 15). */
export function useTeamSummary(range: { from: string; to: string }, enabled: boolean) {
  const query = { from: range.from || undefined, to: range.to || undefined };
  return useQuery({
    queryKey: [...followUpsKey, 'summary', query],
    queryFn: ({ signal }) => call(activitiesApi.summary, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
