/** The admins' backups (docs/behaviour.md section 21): the list, and a backup taken now. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backupsApi } from '../../../common/api/backups';
import { call } from '../../lib/api';
import { endpointQuery, invalidateEndpoints } from '../../lib/query-keys';

export const useBackups = () => useQuery(endpointQuery(backupsApi.list));

/**
 * Answers when the file is written and read back whole. Either way the list is read again: a new
 * file, the oldest gone past BACKUP_KEEP, or a failure the server now lists as its last error.
 */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(backupsApi.now),
    onSettled: () => invalidateEndpoints(client, [backupsApi.list]),
  });
}
