/** The Security page's calls (docs/behaviour.md section 20): the caller's own second factor and sessions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaApi } from '../../../common/api/mfa';
import { call } from '../../lib/api';
import { endpointQuery, invalidateEndpoints } from '../../lib/query-keys';
import { passkeyRegistration } from './webauthn';

export const useMfaStatus = () => useQuery(endpointQuery(mfaApi.status));
export const useSessions = () => useQuery(endpointQuery(mfaApi.sessions));

/** After a change to the second factor, its status is read again (and the users' has_mfa with it). */
function useStatusChange<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateEndpoints(client, [mfaApi.status]),
  });
}

export const useTurnOffTotp = () =>
  useStatusChange((body: { password: string; code: string }) => call(mfaApi.turnOff, { body }));

/** Adds a passkey: the server's options, the device makes it, the server checks and keeps it. */
export const useAddPasskey = () =>
  useStatusChange(async (name: string) => {
    const { options } = await call(mfaApi.passkeyOptions);
    const response = await passkeyRegistration(options);
    return call(mfaApi.passkeyRegister, { body: { name, response } });
  });

export const useRenamePasskey = () =>
  useStatusChange(({ id, name }: { id: number; name: string }) =>
    call(mfaApi.passkeyRename, { params: { id }, body: { name } }),
  );

export const useRemovePasskey = () =>
  useStatusChange((id: number) => call(mfaApi.passkeyRemove, { params: { id } }));

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mfaApi.endSession, { params: { id } }),
    onSuccess: () => invalidateEndpoints(client, [mfaApi.sessions]),
  });
}

/** Marks the status stale once a setup is confirmed (the codes are shown from the confirm's answer). */
export function useRefreshStatus() {
  const client = useQueryClient();
  return () => invalidateEndpoints(client, [mfaApi.status]);
}
