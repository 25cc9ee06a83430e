import type { FastifyBaseLogger } from 'fastify';
import type { ContactData } from '#shared/schemas/contact.ts';
import type { SubmissionLimits } from '#server/config.ts';
import type { DerivedKeys } from '#server/db/derived-keys.ts';
import { limitError, limitReached } from '#server/submissions/submission-limit.ts';
import type { ContactMailer } from './contact-mailer.ts';
import type { contactRepository } from './contact-repository.ts';

export interface NewContactInput {
  /** The signed-in musician, null for a visitor. */
  musicianId: string | null;
  data: ContactData;
  /** The sending address (request.ip): kept only keyed, to count its messages. */
  address: string;
}

export function contactService(deps: {
  contact: ReturnType<typeof contactRepository>;
  mailer: ContactMailer | null;
  log: FastifyBaseLogger;
  /** Keys the sending address into the stored `source`. */
  keys: DerivedKeys;
  /**
   * Messages from one email address (the form writes to support, not to one musician), and
   * from one address whatever email each names: an office or a venue behind one router may
   * hold several senders, so its cap is a few senders wide.
   */
  limits: Pick<SubmissionLimits, 'contactPerEmail' | 'contactPerAddress'>;
}) {
  const { contact, mailer, log, keys, limits } = deps;
  return {
    /**
     * Stores the message, then forwards it to support. The stored row is what counts: a failed
     * email is logged (without the sender's details) and the sender still gets their thanks.
     */
    async send(input: NewContactInput): Promise<void> {
      const { data } = input;
      const message = {
        musicianId: input.musicianId,
        name: data.name,
        email: data.email,
        message: data.message,
      };
      // The address keyed as a submission's is (submission-source.ts), under a scope of its
      // own: the form writes to no musician, and no musician's id is 'contact'.
      const source = (await keys.derive('source', 'contact', input.address)).toString('hex', 0, 16);
      const filed = await contact.file(
        { ...message, source },
        { perEmail: limits.contactPerEmail, perAddress: limits.contactPerAddress },
      );
      if (filed.outcome !== 'created') {
        const limit =
          filed.outcome === 'email_limit' ? limits.contactPerEmail : limits.contactPerAddress;
        const reached = limitReached(filed.waitSeconds, limit.max)!;
        throw limitError('contact', reached, limit.windowMinutes);
      }
      if (!mailer) return;
      try {
        await mailer.send(message);
      } catch (err) {
        log.warn(
          { contactMessageId: filed.id, reason: (err as Error).message },
          'contact email failed',
        );
      }
    },
  };
}
