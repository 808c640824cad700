import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RegisterBody, type UpdateUserBody, type User, usersApi } from '../../../common/api/auth';
import { dashboardApi } from '../../../common/api/dashboard';
import { type MfaRequiredFor, mfaApi } from '../../../common/api/mfa';
import { call } from '../../lib/api';
import { endpointQuery, invalidateEndpoints } from '../../lib/query-keys';

const usersQuery = () => endpointQuery(usersApi.list);

const byUsername = (a: User, b: User) => a.username.toLowerCase().localeCompare(b.username.toLowerCase());

/** The server's answer is applied to the cached list, as the server keeps no other copy to re-read. */
function updateList(client: QueryClient, change: (users: User[]) => User[]) {
  client.setQueryData(usersQuery().queryKey, (answer) =>
    answer ? { ...answer, users: change(answer.users).sort(byUsername) } : answer,
  );
}

export function useUsers() {
  return useQuery({ ...usersQuery(), select: (answer) => answer.users });
}

/**
 * The provider names in the imported data, offered in the user form's Provider Name box; empty
 * while they load or when they could not be read (the box then takes free text without a hint).
 */
export function useProviderNames() {
  return useQuery({
    ...endpointQuery(dashboardApi.providers),
    select: (answer) => answer.providers ?? [],
    staleTime: 60_000,
  });
}

export type SaveUser = { id: null; body: RegisterBody } | { id: number; body: UpdateUserBody };

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveUser) => {
      const result =
        save.id === null
          ? await call(usersApi.register, { body: save.body })
          : await call(usersApi.update, { params: { id: save.id }, body: save.body });
      return result.user;
    },
    onSuccess: (saved) =>
      updateList(client, (users) => [...users.filter((user) => user.id !== saved.id), saved]),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(usersApi.remove, { params: { id } }),
    onSuccess: (_result, id) => updateList(client, (users) => users.filter((user) => user.id !== id)),
  });
}

/** An admin turns a user's second factor off; the list is read again for their has_mfa. */
export function useTurnOffMfaFor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(mfaApi.turnOffFor, { params: { id } }),
    onSuccess: () => invalidateEndpoints(client, [usersApi.list]),
  });
}

const securityQuery = () => endpointQuery(mfaApi.security);

/** Who must have a second factor (docs/behaviour.md section 20), as the server holds it. */
export const useSecuritySetting = () => useQuery(securityQuery());

export function useSaveSecuritySetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: MfaRequiredFor) => call(mfaApi.setSecurity, { body: { mfa_required_for: value } }),
    onSuccess: (answer) => client.setQueryData(securityQuery().queryKey, answer),
  });
}
