import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ActivityBody, activitiesApi } from '../../../common/api/activities';
import { dashboardApi } from '../../../common/api/dashboard';
import { worklistApi } from '../../../common/api/worklist';
import { call } from '../../lib/api';
import { endpointQuery, invalidateEndpoints } from '../../lib/query-keys';

/**
 * Everything the Follow-ups tab reads: its list and counts, the thresholds, the team's figures,
 * the people to assign and the filters' lists. A case write or a threshold change reads them all
 * again, as one group.
 */
export const WORKLIST_ENDPOINTS = [
  worklistApi.list,
  worklistApi.thresholds,
  activitiesApi.summary,
  activitiesApi.assignees,
  dashboardApi.providers,
  dashboardApi.locations,
];

/**
 * A patient's case state and activities, newest first, by the patient's id (common/patient-id.ts),
 * so the call's address names no one; `id` null while none is chosen.
 */
export function useCase(id: string | null) {
  return useQuery({
    ...endpointQuery(activitiesApi.list, { query: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

/** The active users a case may be assigned to, and the worklist filtered by. */
export function useAssignees() {
  return useQuery({
    ...endpointQuery(activitiesApi.assignees),
    select: (answer) => answer.users,
    staleTime: 60_000,
  });
}

/**
 * A write changes the case, the list (a snoozed row leaves it), the stage counts and the team's
 * figures at once, so all of them are read again.
 */
const refreshAfterWrite = (client: ReturnType<typeof useQueryClient>) =>
  invalidateEndpoints(client, [activitiesApi.list, ...WORKLIST_ENDPOINTS]);

export function useRecordActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ActivityBody) => (await call(activitiesApi.create, { body })).activity,
    onSuccess: () => refreshAfterWrite(client),
  });
}

export function useDeleteActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(activitiesApi.remove, { params: { id: String(id) } }),
    onSuccess: () => refreshAfterWrite(client),
  });
}
