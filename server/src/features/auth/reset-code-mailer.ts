import type { FastifyBaseLogger } from 'fastify';
import { RESET_CODE_TTL_MINUTES } from '#shared/limits.ts';
import { smtpTransport } from '#server/mail/smtp-transport.ts';

export interface ResetCodeMailer {
  send(to: string, code: string): Promise<void>;
}

/**
 * With SMTP_URL the code is emailed. Without it there is nobody to email it, so it goes to the
 * server log for the operator to pass on (this is the only log line that ever holds a code).
 */
export function resetCodeMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): ResetCodeMailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(to, code) {
        log.warn(
          { to },
          `Password reset code ${code} (SMTP_URL is not set, so it was not emailed)`,
        );
      },
    };
  }
  const transport = smtpTransport(smtpUrl);
  return {
    async send(to, code) {
      await transport.sendMail({
        from,
        to,
        subject: `Your password reset code: ${code}`,
        text:
          `Someone asked to reset the password of your Song Requests account.\n\n` +
          `Your reset code is ${code}. It works once and expires in ${RESET_CODE_TTL_MINUTES} minutes.\n\n` +
          `If this was not you, ignore this email: your password stays the same.`,
      });
    },
  };
}
