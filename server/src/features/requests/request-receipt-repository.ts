import type { Kysely } from 'kysely';
import type { DB } from '#server/db/tables.ts';

/**
 * The receipt of a played request, as the phone holding its status token keeps it: when it was
 * played, the name given with this token (the requester's own, or a +1's own: never the other
 * person's), and the show it was played in once that show's recap is published.
 */
export interface RequestReceipt {
  playedAt: Date;
  name: string;
  /** The ended show whose recap the musician publishes; null otherwise. */
  recapShowId: string | null;
}

export function requestReceiptRepository(db: Kysely<DB>) {
  const receiptColumns = [
    'r.playedAt',
    'r.showId',
    's.status as showStatus',
    'm.showRecaps',
  ] as const;

  /** A request of the token's own. */
  const own = (tokenHash: string) =>
    db
      .selectFrom('requests as r')
      .innerJoin('musicians as m', 'm.id', 'r.musicianId')
      .leftJoin('shows as s', 's.id', 'r.showId')
      .select([...receiptColumns, 'r.requesterName as name'])
      .where('r.statusTokenHash', '=', tokenHash)
      .where('r.status', '=', 'played')
      .executeTakeFirst();

  /** A +1: the request it was merged into, with the +1's own name. */
  const merged = (tokenHash: string) =>
    db
      .selectFrom('requestVoters as v')
      .innerJoin('requests as r', 'r.id', 'v.requestId')
      .innerJoin('musicians as m', 'm.id', 'r.musicianId')
      .leftJoin('shows as s', 's.id', 'r.showId')
      .select([...receiptColumns, 'v.requesterName as name'])
      .where('v.statusTokenHash', '=', tokenHash)
      .where('r.status', '=', 'played')
      .executeTakeFirst();

  return {
    /** Undefined unless the token's request was played. */
    async receiptOf(tokenHash: string): Promise<RequestReceipt | undefined> {
      const row = (await own(tokenHash)) ?? (await merged(tokenHash));
      if (!row?.playedAt) return undefined;
      // A show still running has no recap yet: the night is not over.
      const ended = row.showStatus === 'stopped' || row.showStatus === 'archived';
      return {
        playedAt: row.playedAt,
        name: row.name,
        recapShowId: row.showRecaps && ended ? row.showId : null,
      };
    },
  };
}

export type RequestReceiptRepository = ReturnType<typeof requestReceiptRepository>;
