import { useIsMutating, useMutation, useQuery } from '@tanstack/react-query';
import { configApi } from '../../../common/api/config';
import { type ImportKind, importsApi } from '../../../common/api/imports';
import { call } from '../../lib/api';
import { endpointQuery } from '../../lib/query-keys';
import { useRefreshEverything } from '../../lib/refresh';
import { useLoadSampleData as loadSampleData } from '../../lib/sample-data';
import { confirmImport, previewImport } from './upload';

/**
 * Every mutation of this tab shares the key's first part, so one upload disables every button: a
 * group of the tab's own, not a call's, so it is written here rather than derived from an endpoint.
 */
export const MUTATION_KEY = ['data-import'] as const;

/** True while an upload, the initialization or the sample data load is under way. */
export function useImportBusy(): boolean {
  return useIsMutating({ mutationKey: MUTATION_KEY }) > 0;
}

export function useImportHistory() {
  return useQuery({ ...endpointQuery(importsApi.history), select: (answer) => answer.imports });
}

/** Sends a file to be checked: nothing changes yet, so nothing is fetched again. */
export function usePreviewImport(kind: ImportKind) {
  return useMutation({ mutationKey: [...MUTATION_KEY, kind, 'preview'], mutationFn: previewImport });
}

/** Imports a previewed file; every figure is fetched again. */
export function useConfirmImport(kind: ImportKind) {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationKey: [...MUTATION_KEY, kind, 'confirm'],
    mutationFn: confirmImport,
    onSuccess: refresh,
  });
}

/**
 * Lets the server drop a previewed file that will not be imported. Nothing waits on it: the file
 * expires by itself anyway, so a failure here changes nothing for the user.
 */
export function cancelPreview(id: string): void {
  call(importsApi.cancelPreview, { params: { id } }).catch(() => {});
}

export function useInitializeSystem() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationKey: [...MUTATION_KEY, 'initialize'],
    mutationFn: () => call(configApi.initialize),
    onSuccess: refresh,
  });
}

export const useLoadSampleData = () => loadSampleData([...MUTATION_KEY, 'sample-data']);
