import { matchQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketingApi, type SourceSpend } from '../../../common/api/marketing';
import { call } from '../../lib/api';
import { endpointKey, endpointQuery } from '../../lib/query-keys';

/** One year's spend, sorted as the server keeps it. */
export const spendQuery = (year: number) => endpointQuery(marketingApi.spend, { query: { year } });

export function useSpend(year: number) {
  return useQuery({ ...spendQuery(year), select: (answer) => answer.spend });
}

/**
 * The sources offered when adding one: those of the year's leads and cases (the return by source,
 * without `No lead`) and those with spend the year before; empty while they load or when they
 * could not be read, and never asked for by those who cannot add one.
 */
export function useKnownSources(year: number, enabled: boolean): string[] {
  const ret = useQuery({
    ...endpointQuery(marketingApi.returnBySource, { query: { year } }),
    staleTime: 60_000,
    enabled,
  });
  const before = useQuery({ ...spendQuery(year - 1), staleTime: 60_000, enabled });
  return [
    ...(ret.data?.sources.map((row) => row.source) ?? []),
    ...(before.data?.spend.map((row) => row.source) ?? []),
  ];
}

/**
 * Replaces the year's spend. The answer becomes the year's spend; every other figure is read
 * again, since the Dashboard's return by source follows it. Other years are left as they are.
 */
export function useSaveSpend() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { year: number; spend: SourceSpend[] }) => call(marketingApi.setSpend, { body }),
    onSuccess: (saved) => {
      client.setQueryData(spendQuery(saved.year).queryKey, saved);
      void client.invalidateQueries({
        predicate: (query) => !matchQuery({ queryKey: endpointKey(marketingApi.spend) }, query),
      });
    },
  });
}
