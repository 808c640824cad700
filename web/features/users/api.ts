import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody, UpdateUserBody, User } from '../../../common/api/auth';
import { api } from '../../lib/api';

export const usersKey = ['users'] as const;

const byUsername = (a: User, b: User) => a.username.toLowerCase().localeCompare(b.username.toLowerCase());

/** The server's answer is applied to the cached list, as the server keeps no other copy to re-read. */
function updateList(client: QueryClient, change: (users: User[]) => User[]) {
  client.setQueryData<User[]>(usersKey, (users) => (users ? change(users).sort(byUsername) : users));
}

export function useUsers() {
  return useQuery({
    queryKey: usersKey,
    queryFn: async ({ signal }) => (await api<{ users: User[] }>('/api/auth/users', { signal })).users,
  });
}

export type SaveUser = { id: null; body: RegisterBody } | { id: number; body: UpdateUserBody };

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveUser) => {
      const result =
        save.id === null
          ? await api<{ user: User }>('/api/auth/register', { method: 'POST', body: save.body })
          : await api<{ user: User }>(`/api/auth/users/${save.id}`, { method: 'PUT', body: save.body });
      return result.user;
    },
    onSuccess: (saved) =>
      updateList(client, (users) => [...users.filter((user) => user.id !== saved.id), saved]),
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>(`/api/auth/users/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => updateList(client, (users) => users.filter((user) => user.id !== id)),
  });
}
