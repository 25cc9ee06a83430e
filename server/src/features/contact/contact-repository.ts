import type { Kysely, Transaction } from 'kysely';
import type { SubmissionLimit } from '#server/config.ts';
import { lockUntilCommit } from '#server/db/locks.ts';
import type { DB } from '#server/db/tables.ts';
import { waitOfNewest } from '#server/db/window-limit.ts';

export interface NewContactMessage {
  musicianId: string | null;
  name: string;
  email: string;
  message: string;
}

export interface ContactLimits {
  perEmail: SubmissionLimit;
  perAddress: SubmissionLimit;
}

/** What filing a message came to; a refusal carries the seconds until one more is allowed. */
export type FiledContactMessage =
  | { outcome: 'created'; id: string }
  | { outcome: 'email_limit' | 'address_limit'; waitSeconds: number };

/**
 * Seconds until the messages `counted` names let one more in (window-limit.ts): the newest of
 * them inside the window, `max` at most, read newest first (the created_at and source indexes).
 */
function waitOf(
  trx: Transaction<DB>,
  counted: { email: string } | { source: string },
  limit: SubmissionLimit,
  now: Date,
): Promise<number | null> {
  const query = trx.selectFrom('contactMessages');
  return waitOfNewest(
    'email' in counted
      ? query.where((eb) =>
          eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(counted.email)])),
        )
      : query.where('source', '=', counted.source),
    limit,
    now,
  );
}

export function contactRepository(db: Kysely<DB>) {
  return {
    /**
     * Stores the message unless the email's limit or the address's cap refuses it. Both are
     * counted in the transaction that inserts, under locks on the email and on the address
     * (db/locks.ts; always in that order, so two messages cannot wait for each other), so
     * parallel messages are decided one after another and none over-admits.
     */
    async file(
      message: NewContactMessage & { source: string },
      limits: ContactLimits,
    ): Promise<FiledContactMessage> {
      return db.transaction().execute(async (trx): Promise<FiledContactMessage> => {
        await lockUntilCommit(trx, `contact:${message.email.toLowerCase()}`);
        await lockUntilCommit(trx, `contact-source:${message.source}`);
        // After the locks: the time the rows read under them are judged at.
        const now = new Date();
        const emailWait = await waitOf(trx, { email: message.email }, limits.perEmail, now);
        if (emailWait !== null) return { outcome: 'email_limit', waitSeconds: emailWait };
        const { source } = message;
        const addressWait = await waitOf(trx, { source }, limits.perAddress, now);
        if (addressWait !== null) return { outcome: 'address_limit', waitSeconds: addressWait };
        const row = await trx
          .insertInto('contactMessages')
          .values(message)
          .returning('id')
          .executeTakeFirstOrThrow();
        return { outcome: 'created', id: row.id };
      });
    },
  };
}
