/**
 * The report by e-mail (docs/behaviour.md section 17): the caller's own subscriptions, a send of
 * the monthly report now, and the PDF report itself.
 */
import { z } from 'zod';
import { CASE_TEAM } from '../roles';
import { endpoint, signedIn } from './endpoint';
import { ok } from './shared';

export const REPORT_KINDS = ['monthly_report', 'daily_digest'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** How the account menu, the audit log and messages name each kind. */
export const REPORT_KIND_NAMES: Record<ReportKind, string> = {
  monthly_report: 'Monthly report',
  daily_digest: 'Daily digest',
};

/** Why a switch cannot be turned on: said by the server (400, 409) and by the account menu. */
export const NO_EMAIL = 'Ask an administrator to add an email address to your account';
export const NO_MAIL = 'Mail is not configured';

export const subscriptionResponse = ok.extend({
  monthly_report: z.boolean(),
  daily_digest: z.boolean(),
  /** The address the e-mails go to; null when the account has none. */
  email: z.string().nullable(),
  /** Whether the server can send mail (SMTP_URL is set). */
  mail_configured: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

const onOff = (field: ReportKind) => z.boolean({ error: `${field} must be true or false` });
/** Either switch or both; the one left out stays as it is. */
export const subscriptionBody = z
  .object({
    monthly_report: onOff('monthly_report').optional(),
    daily_digest: onOff('daily_digest').optional(),
  })
  .refine((b) => b.monthly_report !== undefined || b.daily_digest !== undefined, {
    message: 'Send monthly_report, daily_digest or both',
  });
export type SubscriptionBody = z.input<typeof subscriptionBody>;

export const sendNowResponse = ok.extend({ sent_to: z.string() });

/** `full-arch-report-2026-11-25.pdf`: the report's file, named by the day it was made. */
export const reportFileName = (day: string) => `full-arch-report-${day}.pdf`;

export const reportsApi = {
  subscription: endpoint({
    method: 'GET',
    path: '/api/reports/subscription',
    access: signedIn,
    tag: 'reports',
    response: subscriptionResponse,
  }),
  setSubscription: endpoint({
    method: 'PUT',
    path: '/api/reports/subscription',
    access: signedIn,
    tag: 'reports',
    body: subscriptionBody,
    response: subscriptionResponse,
  }),
  sendNow: endpoint({
    method: 'POST',
    path: '/api/reports/send-now',
    access: { roles: CASE_TEAM, forbidden: 'Only coordinators, managers and admins can send the report now' },
    tag: 'reports',
    response: sendNowResponse,
  }),
};
