import { useMutation, useQuery } from '@tanstack/react-query';
import { type CodeMapping, configApi } from '../../../common/api/config';
import { syncApi } from '../../../common/api/sync';
import { call } from '../../lib/api';
import { useRefreshEverything } from '../../lib/refresh';

export const codeMappingsKey = ['code-mappings'] as const;
export const mappingValuesKey = ['mapping-values'] as const;

export function useCodeMappings() {
  return useQuery({
    queryKey: codeMappingsKey,
    queryFn: async ({ signal }) => (await call(configApi.codeMappings, { signal })).code_mappings,
  });
}

export function useMappingValues() {
  return useQuery({
    queryKey: mappingValuesKey,
    queryFn: async ({ signal }) => (await call(configApi.mappingValues, { signal })).mapping_values,
    // 2,047 rows that change only on Initialize System.
    staleTime: 5 * 60_000,
  });
}

export function useAddMapping() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: (body: CodeMapping) => call(configApi.addCodeMapping, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateMapping() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: CodeMapping }) =>
      call(configApi.updateCodeMapping, { params: { proc_code: code }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteMapping() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: (code: string) => call(configApi.deleteCodeMapping, { params: { proc_code: code } }),
    onSuccess: refresh,
  });
}

/** Whether an Open Dental connection is set: the note then says how a new mapping reaches the data. */
export function useSyncConfigured(): boolean {
  const status = useQuery({
    queryKey: ['opendental-status'],
    queryFn: ({ signal }) => call(syncApi.status, { signal }),
  });
  return status.data?.configured ?? false;
}
