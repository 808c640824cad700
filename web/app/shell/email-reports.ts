/** The caller's own e-mail reports (docs/behaviour.md section 17): what the account menu's dialog reads and saves. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NO_EMAIL,
  type ReportKind,
  reportsApi,
  type SubscriptionResponse,
} from '../../../common/api/reports';
import { call } from '../../lib/api';
import { endpointQuery } from '../../lib/query-keys';

const subscriptionQuery = () => endpointQuery(reportsApi.subscription);

/** Said when the server has no SMTP_URL: the user cannot fix it, so it names who can and how. */
export const MAIL_NOT_SET_UP =
  'Mail is not set up on this server: an administrator sets SMTP_URL to turn these on';

/**
 * Why a switch that is off cannot be turned on, in the order the user would have them fixed; empty
 * when it can. A switch already on may always be turned off.
 */
export function reasonsNotOn(sub: Pick<SubscriptionResponse, 'email' | 'mail_configured'>): string[] {
  const reasons: string[] = [];
  if (!sub.email) reasons.push(NO_EMAIL);
  if (!sub.mail_configured) reasons.push(MAIL_NOT_SET_UP);
  return reasons;
}

export function useSubscription() {
  return useQuery(subscriptionQuery());
}

/** One switch at a time; the server's answer becomes the cached subscription. */
export function useSaveSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: ReportKind; on: boolean }) =>
      call(reportsApi.setSubscription, { body: { [kind]: on } }),
    onSuccess: (answer) => client.setQueryData(subscriptionQuery().queryKey, answer),
    // A refusal may mean the account or the server changed since the dialog opened (an e-mail
    // address removed): read it again so the dialog says why.
    onError: () => client.invalidateQueries({ queryKey: subscriptionQuery().queryKey }),
  });
}

/** Coordinators, managers and admins: last month's report, to themselves, now. */
export function useSendNow() {
  return useMutation({
    mutationFn: async () => (await call(reportsApi.sendNow)).sent_to,
  });
}
