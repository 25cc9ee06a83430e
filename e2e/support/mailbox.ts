import { SMTPServer } from 'smtp-server';

interface CapturedMail {
  to: string[];
  raw: string;
}

export interface Mailbox {
  messages: CapturedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on the port the app mails to; it keeps every message it receives. */
export async function startMailbox(port: number): Promise<Mailbox> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code in a "Your password reset code: XXXXXXXX" subject line. */
export function resetCodeIn(mail: CapturedMail): string | undefined {
  return /^Subject: Your password reset code: ([A-Z0-9]{8})\r?$/m.exec(mail.raw)?.[1];
}
