import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { configApi } from '../../common/api/config';
import { call } from '../lib/api';
import { endpointQuery } from '../lib/query-keys';
import { AuthContext } from './auth';

const privacyQuery = () => endpointQuery(configApi.privacy);

/** "Providers see their own" (docs/behaviour.md section 14), as the server holds it. */
export function usePrivacySetting(enabled = true) {
  return useQuery({ ...privacyQuery(), select: (answer) => answer.providers_see_own_only, enabled });
}

/** The admin's switch: the server's answer becomes the cached setting. */
export function useSavePrivacySetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call(configApi.setPrivacy, { body: { providers_see_own_only: on } }),
    onSuccess: (answer) => client.setQueryData(privacyQuery().queryKey, answer),
  });
}

/**
 * Whether the signed-in user is held to their own patients: a provider account while the setting
 * is on. `provider` is their provider name, or null when the account has none (the server then
 * shows them nothing). null when not held, or not known yet; managers and admins never ask.
 */
export function useHeldProvider(): { provider: string | null } | null {
  const state = useContext(AuthContext)?.state;
  const user = state?.status === 'signed-in' ? state.user : null;
  const isProvider = user?.role === 'provider';
  const setting = usePrivacySetting(isProvider);
  if (!isProvider || setting.data !== true) return null;
  return { provider: user.provider_name?.trim() || null };
}
