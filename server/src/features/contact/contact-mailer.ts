import type { NewContactMessage } from './contact-repository.ts';
import { smtpTransport } from '#server/mail/smtp-transport.ts';

export interface ContactMailer {
  send(message: NewContactMessage): Promise<void>;
}

/**
 * With SMTP_URL and SUPPORT_EMAIL set, each contact message is forwarded to support (reply-to
 * the sender). Without them the stored row is the only copy: nothing is emailed.
 */
export function contactMailer(options: {
  smtpUrl: string | undefined;
  supportEmail: string | undefined;
  from: string;
}): ContactMailer | null {
  const { smtpUrl, supportEmail, from } = options;
  if (!smtpUrl || !supportEmail) return null;
  const transport = smtpTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: supportEmail,
        replyTo: { name: message.name, address: message.email },
        subject: `Contact form: ${message.name}`,
        text:
          `From: ${message.name} <${message.email}>\n` +
          `Musician account: ${message.musicianId ?? 'not signed in'}\n\n` +
          message.message,
      });
    },
  };
}
