import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardApi } from '../../../common/api/dashboard';
import { type Goal, goalsApi } from '../../../common/api/goals';
import { call } from '../../lib/api';

const GOALS = 'goals';

/** One year's goals, sorted as the server keeps them. */
export const goalsQuery = (year: number) =>
  queryOptions({
    queryKey: [GOALS, year],
    queryFn: async ({ signal }) => (await call(goalsApi.goals, { query: { year }, signal })).goals,
  });

export function useGoals(year: number) {
  return useQuery(goalsQuery(year));
}

/**
 * The provider names of the data (offered when adding a provider) and its years (offered in the
 * Year select); empty while they load or when they could not be read.
 */
export function useGoalSuggestions() {
  const query = useQuery({
    queryKey: ['goal-suggestions'],
    queryFn: ({ signal }) => call(dashboardApi.providers, { signal }),
    staleTime: 60_000,
  });
  return { providers: query.data?.providers ?? [], years: query.data?.years ?? [] };
}

/**
 * Replaces the year's goals. The answer becomes the year's goals; every other figure is read
 * again, since the Dashboard's goals and its trend chart's goal line follow them.
 */
export function useSaveGoals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { year: number; goals: Goal[] }) => call(goalsApi.setGoals, { body }),
    onSuccess: (saved) => {
      client.setQueryData(goalsQuery(saved.year).queryKey, saved.goals);
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== GOALS });
    },
  });
}
