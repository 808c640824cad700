import { matchQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardApi } from '../../../common/api/dashboard';
import { type Goal, goalsApi } from '../../../common/api/goals';
import { call } from '../../lib/api';
import { endpointKey, endpointQuery } from '../../lib/query-keys';

/** One year's goals, sorted as the server keeps them. */
export const goalsQuery = (year: number) => endpointQuery(goalsApi.goals, { query: { year } });

export function useGoals(year: number) {
  return useQuery({ ...goalsQuery(year), select: (answer) => answer.goals });
}

/**
 * The provider names of the data (offered when adding a provider) and its years (offered in the
 * Year select); empty while they load or when they could not be read.
 */
export function useGoalSuggestions() {
  const query = useQuery({ ...endpointQuery(dashboardApi.providers), staleTime: 60_000 });
  return { providers: query.data?.providers ?? [], years: query.data?.years ?? [] };
}

/**
 * Replaces the year's goals. The answer becomes the year's goals; every other figure is read
 * again, since the Dashboard's goals and its trend chart's goal line follow them. The goals of
 * other years are left as they are.
 */
export function useSaveGoals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { year: number; goals: Goal[] }) => call(goalsApi.setGoals, { body }),
    onSuccess: (saved) => {
      client.setQueryData(goalsQuery(saved.year).queryKey, saved);
      void client.invalidateQueries({
        predicate: (query) => !matchQuery({ queryKey: endpointKey(goalsApi.goals) }, query),
      });
    },
  });
}
