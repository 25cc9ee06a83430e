import type { FastifyBaseLogger } from 'fastify';
import type { ContactData } from '#shared/schemas/contact.ts';
import type { SubmissionLimit } from '#server/config.ts';
import { limitError, limitReached } from '#server/submissions/submission-limit.ts';
import type { ContactMailer } from './contact-mailer.ts';
import type { contactRepository } from './contact-repository.ts';

export function contactService(deps: {
  contact: ReturnType<typeof contactRepository>;
  mailer: ContactMailer | null;
  log: FastifyBaseLogger;
  /** Messages from one email address (the form writes to support, not to one musician). */
  limit: SubmissionLimit;
}) {
  const { contact, mailer, log, limit } = deps;
  return {
    /**
     * Stores the message, then forwards it to support. The stored row is what counts: a failed
     * email is logged (without the sender's details) and the sender still gets their thanks.
     */
    async send(musicianId: string | null, data: ContactData): Promise<void> {
      const reached = limitReached(
        await contact.wait(data.email, limit.windowMinutes, limit.max),
        limit.max,
      );
      if (reached) throw limitError('contact', reached, limit.windowMinutes);
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
