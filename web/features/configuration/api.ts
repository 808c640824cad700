import { useMutation, useQuery } from '@tanstack/react-query';
import { type CodeMapping, configApi } from '../../../common/api/config';
import { call } from '../../lib/api';
import { endpointQuery } from '../../lib/query-keys';
import { useRefreshEverything } from '../../lib/refresh';
import { useSyncStatus } from '../../lib/sync-status';

export function useCodeMappings() {
  return useQuery({ ...endpointQuery(configApi.codeMappings), select: (answer) => answer.code_mappings });
}

export function useMappingValues() {
  return useQuery({
    ...endpointQuery(configApi.mappingValues),
    select: (answer) => answer.mapping_values,
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
  return useSyncStatus().data?.configured ?? false;
}
