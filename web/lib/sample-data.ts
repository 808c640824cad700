import { type MutationKey, useMutation } from '@tanstack/react-query';
import { importsApi } from '../../common/api/imports';
import { call } from './api';
import { useRefreshEverything } from './refresh';

/**
 * Loads the bundled sample data (managers and admins; offered only while nothing was imported),
 * then refreshes every figure. Data Import and the empty Dashboard both offer it; Data Import
 * passes its mutations' key, so its other buttons wait while the data loads.
 */
export function useLoadSampleData(mutationKey?: MutationKey) {
  const refresh = useRefreshEverything();
  return useMutation({ mutationKey, mutationFn: () => call(importsApi.sampleData), onSuccess: refresh });
}
