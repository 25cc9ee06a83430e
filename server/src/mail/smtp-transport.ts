import type { SendMailOptions, Transporter } from 'nodemailer';

export interface SmtpTransport {
  sendMail(mail: SendMailOptions): Promise<void>;
}

/**
 * Mail through SMTP_URL. Nodemailer is loaded at the first message, not at start-up: most
 * servers send none for hours, and it held about 3 MB of the heap of a server at rest.
 */
export function smtpTransport(smtpUrl: string): SmtpTransport {
  let transport: Promise<Transporter> | undefined;
  return {
    async sendMail(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail(mail);
    },
  };
}
