import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ActivityBody, activitiesApi } from '../../../common/api/activities';
import { call } from '../../lib/api';

/** Every patient's case under one key; the Follow-ups tab keeps its list and counts under the other. */
export const CASE_KEY = ['case'] as const;
export const WORKLIST_KEY = ['follow-ups'] as const;

/**
 * A patient's case state and activities, newest first, by the patient's id (common/patient-id.ts),
 * so the call's address names no one; `id` null while none is chosen.
 */
export function useCase(id: string | null) {
  return useQuery({
    queryKey: [...CASE_KEY, id],
    queryFn: ({ signal }) => call(activitiesApi.list, { query: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** The active users a case may be assigned to, and the worklist filtered by. */
export function useAssignees() {
  return useQuery({
    queryKey: [...WORKLIST_KEY, 'assignees'],
    queryFn: async ({ signal }) => (await call(activitiesApi.assignees, { signal })).users,
    staleTime: 60_000,
  });
}

/**
 * A write changes the case, the list (a snoozed row leaves it), the stage counts and the team's
 * figures at once, so all of them are read again.
 */
async function refreshAfterWrite(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: CASE_KEY }),
    client.invalidateQueries({ queryKey: WORKLIST_KEY }),
  ]);
}

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
