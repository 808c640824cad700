import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OpendentalBody,
  type OpendentalSettings,
  type OpendentalTestBody,
  syncApi,
} from '../../../common/api/sync';
import { call } from '../../lib/api';
import { endpointQuery, invalidateEndpoints } from '../../lib/query-keys';
import { useRefreshEverything } from '../../lib/refresh';
import { MUTATION_KEY } from './api';

const settingsQuery = () => endpointQuery(syncApi.settings);

/** The connection as saved: admins only (others are refused by the server). */
export function useOpendentalSettings(enabled: boolean) {
  return useQuery({ ...settingsQuery(), enabled });
}

export function useSaveOpendental() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpendentalBody) => call(syncApi.save, { body }),
    onSuccess: (saved: OpendentalSettings) => {
      client.setQueryData(settingsQuery().queryKey, saved);
      void invalidateEndpoints(client, [syncApi.status]);
    },
  });
}

/** Tests the connection as typed in the form, before it is saved. */
export function useTestOpendental() {
  return useMutation({ mutationFn: (body: OpendentalTestBody) => call(syncApi.test, { body }) });
}

/**
 * Syncs now. It shares the tab's mutation key, so the uploads wait while it runs; every figure is
 * fetched again after it, and the status shows its result either way.
 */
export function useSyncNow() {
  const client = useQueryClient();
  const refresh = useRefreshEverything();
  return useMutation({
    mutationKey: [...MUTATION_KEY, 'opendental-sync'],
    mutationFn: () => call(syncApi.run),
    onSuccess: refresh,
    onSettled: () => {
      void invalidateEndpoints(client, [syncApi.status, syncApi.settings]);
    },
  });
}
