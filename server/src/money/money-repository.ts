import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';
import type { MoneyRows } from './money-events.ts';

/**
 * Which of the musician's money is read: since an instant (null: all time), or what came on the
 * requests of one show.
 */
export type MoneyScope = { since: Date | null } | { showId: string };

/**
 * A payment with its song: its request's, or, for a paid request never filed (refunded as not
 * admitted), the song its held submission names. Only the song is read from the submission,
 * which holds the requester's email too.
 */
function withSong<Row extends { submission: string | null; songTitle: string | null }>(
  row: Row & { songArtist: string | null },
) {
  const { submission, ...payment } = row;
  if (payment.songTitle !== null || submission === null) return payment;
  try {
    const held = JSON.parse(submission) as { songTitle?: unknown; songArtist?: unknown } | null;
    if (typeof held?.songTitle !== 'string') return payment;
    const artist = typeof held.songArtist === 'string' ? held.songArtist : null;
    return { ...payment, songTitle: held.songTitle, songArtist: artist };
  } catch {
    return payment;
  }
}

/**
 * Reads of the musician's money (money-events.ts turns them into events): the tips rows, the
 * requests that carry a claim, and the card payments that went through. Every statement is
 * scoped to one musician, and no row it answers holds an email, a token or a Stripe id.
 */
export function moneyRepository(db: Kysely<DB>) {
  return {
    async rows(musicianId: string, scope: MoneyScope): Promise<MoneyRows> {
      const since = 'since' in scope ? scope.since : null;
      const showId = 'showId' in scope ? scope.showId : null;
      const tips = await db
        .selectFrom('tips as t')
        .leftJoin('requests as r', (join) =>
          join.onRef('r.id', '=', 't.requestId').onRef('r.musicianId', '=', 't.musicianId'),
        )
        .where('t.musicianId', '=', musicianId)
        .$if(since !== null, (query) => query.where('t.createdAt', '>=', since!))
        .$if(showId !== null, (query) => query.where('r.showId', '=', showId!))
        .select([
          't.id',
          't.amount',
          't.platform',
          't.tipperName',
          't.message',
          't.createdAt',
          't.receivedAt',
          'r.songTitle',
          'r.songArtist',
        ])
        .execute();
      // A blocked requester's word is not even a claim.
      const claims = await db
        .selectFrom('requests as r')
        .where('r.musicianId', '=', musicianId)
        .where('r.blocked', '=', false)
        .where('r.tipAmount', '>', '0')
        .$if(since !== null, (query) => query.where('r.createdAt', '>=', since!))
        .$if(showId !== null, (query) => query.where('r.showId', '=', showId!))
        .select((eb) => [
          'r.songTitle',
          'r.songArtist',
          'r.requesterName',
          'r.tipAmount',
          'r.tipReceived',
          'r.createdAt',
          eb
            .selectFrom('tips as t')
            .select((tip) => tip.fn.sum<string | number>('t.amount').as('sum'))
            .whereRef('t.requestId', '=', 'r.id')
            .where('t.musicianId', '=', musicianId)
            .where('t.receivedAt', 'is', null)
            .where(sql<boolean>`${sql.ref('t.platform')} <> 'card'`)
            .as('tipsClaimed'),
        ])
        .execute();
      const payments = await db
        .selectFrom('payments as p')
        .leftJoin('requests as r', (join) =>
          join.onRef('r.id', '=', 'p.requestId').onRef('r.musicianId', '=', 'p.musicianId'),
        )
        .where('p.musicianId', '=', musicianId)
        .where('p.status', 'in', ['paid', 'refunded'])
        .$if(since !== null, (query) =>
          query.where((eb) =>
            eb.or([
              eb('p.paidAt', '>=', since!),
              eb.and([eb('p.paidAt', 'is', null), eb('p.createdAt', '>=', since!)]),
            ]),
          ),
        )
        .$if(showId !== null, (query) => query.where('r.showId', '=', showId!))
        .select([
          'p.kind',
          'p.amount',
          'p.fee',
          'p.status',
          'p.tipperName',
          'p.message',
          'p.paidAt',
          'p.createdAt',
          'p.submission',
          'r.songTitle',
          'r.songArtist',
        ])
        .execute();
      return { tips, claims, payments: payments.map(withSong) };
    },
  };
}

export type MoneyRepository = ReturnType<typeof moneyRepository>;
