import nodemailer from 'nodemailer';

/** Sends a password-reset link; null where no SMTP server is set. */
export interface ResetMailer {
  send(to: string, link: string): Promise<void>;
}

export function createMailer(smtpUrl: string | undefined, from: string): ResetMailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(to, link) {
      await transport.sendMail({
        from,
        to,
        subject: 'Reset your Full Arch Tracker password',
        text: `Someone asked to reset the password of your Full Arch Tracker account.\n\nOpen this link within 60 minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this message; your password stays the same.`,
      });
    },
  };
}
