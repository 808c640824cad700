import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { initializeResponse } from '../../../common/api/config';
import type { ImportHistoryItem, ImportKind, sampleDataResponse } from '../../../common/api/imports';
import { api } from '../../lib/api';
import { uploadImport } from './upload';

export const importHistoryKey = ['import-history'] as const;

/** Every mutation of this tab shares the key's first part, so one upload disables every button. */
const MUTATION_KEY = ['data-import'] as const;

/** True while an upload, the initialization or the sample data load is under way. */
export function useImportBusy(): boolean {
  return useIsMutating({ mutationKey: MUTATION_KEY }) > 0;
}

export function useImportHistory() {
  return useQuery({
    queryKey: importHistoryKey,
    queryFn: async ({ signal }) =>
      (await api<{ imports: ImportHistoryItem[] }>('/api/import/history', { signal })).imports,
  });
}

/**
 * An import recalculates the scoresheet, so every figure of every tab may have changed: all
 * cached queries are marked stale and the visible ones fetched again.
 */
function useRefreshEverything() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries();
  };
}

export function useUploadImport(kind: ImportKind) {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationKey: [...MUTATION_KEY, kind],
    mutationFn: uploadImport,
    onSuccess: refresh,
  });
}

export function useInitializeSystem() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationKey: [...MUTATION_KEY, 'initialize'],
    mutationFn: () => api<z.infer<typeof initializeResponse>>('/api/initialize', { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useLoadSampleData() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationKey: [...MUTATION_KEY, 'sample-data'],
    mutationFn: () => api<z.infer<typeof sampleDataResponse>>('/api/import/sample-data', { method: 'POST' }),
    onSuccess: refresh,
  });
}
