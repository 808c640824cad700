/** Sends the report e-mails through SMTP_URL (docs/behaviour.md section 17). */
import nodemailer from 'nodemailer';
import { NO_EMAIL, NO_MAIL } from '../../common/api/reports';
import { HttpError } from '../http/errors';

export interface ReportMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface ReportMailer {
  send(mail: ReportMail): Promise<void>;
}

/** A report asked for by a user whose account has no e-mail address to send it to. */
export const noEmailAddress = () => new HttpError(400, NO_EMAIL, { code: 'no_email_address' });
/** A report asked for while the server has no mail server to send through (no SMTP_URL). */
export const mailNotConfigured = () => new HttpError(409, NO_MAIL, { code: 'mail_not_configured' });

/**
 * A stalled mail server must not hold a send's claim past its lease: each wait is bounded, well
 * within the two minutes a claim is leased for.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createReportMailer(smtpUrl: string | undefined, from: string): ReportMailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Why a send failed, in words an administrator can act on: the mail server's own answer when it
 * gave one (`550 Mailbox unavailable`), else what went wrong reaching it. Never the password of
 * SMTP_URL, which no error of the transport carries.
 */
export function mailErrorReason(err: unknown): string {
  const e = err as { code?: string; response?: string; responseCode?: number; message?: string };
  if (typeof e?.response === 'string' && e.response)
    return `The mail server refused the message: ${e.response}`;
  switch (e?.code) {
    case 'ECONNREFUSED':
      return 'The mail server refused the connection: check the host and port of SMTP_URL';
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
      return 'The mail server did not answer in time: check SMTP_URL and the network';
    case 'EDNS':
      return 'The mail server’s name could not be found: check the host of SMTP_URL';
    case 'EAUTH':
      return 'The mail server refused the user name or password of SMTP_URL';
    case 'ESOCKET':
    case 'ECONNECTION':
      return 'The connection to the mail server failed: check SMTP_URL and its TLS setting';
    default:
      return 'The mail could not be sent: see the server log';
  }
}
