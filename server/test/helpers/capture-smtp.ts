import { SMTPServer } from 'smtp-server';
import { cleanUpLater } from './cleanup.ts';

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startCaptureSmtp(): Promise<{ url: string; received: string[] }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        received.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanUpLater(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received };
}
