import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeMapping, MappingValue } from '../../../common/api/config';
import { api } from '../../lib/api';

export const codeMappingsKey = ['code-mappings'] as const;
export const mappingValuesKey = ['mapping-values'] as const;

/** What the server takes for a code mapping; the value already parsed (see rules.ts). */
export interface MappingBody {
  proc_code: string;
  label: string;
  value: number | null;
}

interface Saved {
  code_mapping: CodeMapping;
  message: string;
}

const path = (code: string) => `/api/config/code-mappings/${encodeURIComponent(code)}`;

export function useCodeMappings() {
  return useQuery({
    queryKey: codeMappingsKey,
    queryFn: async ({ signal }) =>
      (await api<{ code_mappings: CodeMapping[] }>('/api/config/code-mappings', { signal })).code_mappings,
  });
}

export function useMappingValues() {
  return useQuery({
    queryKey: mappingValuesKey,
    queryFn: async ({ signal }) =>
      (await api<{ mapping_values: MappingValue[] }>('/api/config/mapping-values', { signal }))
        .mapping_values,
    // 2,047 rows that change only on Initialize System.
    staleTime: 5 * 60_000,
  });
}

/**
 * Every mapping change recalculates the scoresheet on the server, so every figure of every tab
 * may have changed: all cached queries are marked stale and the visible ones fetched again.
 */
function useRefreshEverything() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries();
  };
}

export function useAddMapping() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: (body: MappingBody) => api<Saved>('/api/config/code-mappings', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useUpdateMapping() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: MappingBody }) =>
      api<Saved>(path(code), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export function useDeleteMapping() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: (code: string) => api<{ message: string }>(path(code), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
