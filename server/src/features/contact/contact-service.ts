import type { FastifyBaseLogger } from 'fastify';
import type { ContactData } from '#shared/schemas/contact.ts';
import type { ContactMailer } from './contact-mailer.ts';
import type { contactRepository } from './contact-repository.ts';

export function contactService(deps: {
  contact: ReturnType<typeof contactRepository>;
  mailer: ContactMailer | null;
  log: FastifyBaseLogger;
}) {
  const { contact, mailer, log } = deps;
  return {
    /**
     * Stores the message, then forwards it to support. The stored row is what counts: a failed
     * email is logged (without the sender's details) and the sender still gets their thanks.
     */
    async send(musicianId: string | null, data: ContactData): Promise<void> {
      const message = { musicianId, name: data.name, email: data.email, message: data.message };
      const id = await contact.insert(message);
      if (!mailer) return;
      try {
        await mailer.send(message);
      } catch (err) {
        log.warn({ contactMessageId: id, reason: (err as Error).message }, 'contact email failed');
      }
    },
  };
}
