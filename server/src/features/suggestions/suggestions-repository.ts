import { type Kysely, sql, type Transaction } from 'kysely';
import type { Suggestion, SuggestionStatus } from '#shared/schemas/suggestion.ts';
import type { SubmissionLimit } from '#server/config.ts';
import { lockingRows, lockMusician } from '#server/db/locks.ts';
import type { DB } from '#server/db/tables.ts';
import { waitOfNewest } from '#server/db/window-limit.ts';
import { songKey } from '#shared/song-key.ts';
import { lockAndCheckRoom } from '#server/catalogue/song-lock.ts';
import { bumpSongsVersion } from '#server/catalogue/songs-version.ts';
import { toSuggestion, type SuggestionRow } from './suggestion-mapper.ts';
import { creationTime } from '#server/db/creation-clock.ts';

/**
 * A decided suggestion, with the song an approval added (none when the musician had it already),
 * or an approval refused because the song list is full.
 */
export type Decision = { suggestion: Suggestion; songAdded?: string } | { full: true };

interface NewSuggestion {
  musicianId: string;
  suggestedTitle: string;
  suggestedArtist: string;
  requesterName: string;
  requesterEmail: string;
  message: string;
  idempotencyKey: string | null;
  /** The sending address, keyed (submission-source.ts). */
  source: string;
}

export interface SuggestionLimits {
  perRequester: SubmissionLimit;
  perMusicianPerMinute: number;
  perAddressPerMinute: number;
}

/** What filing a suggestion came to; a refusal carries the seconds until one more is allowed. */
export type FiledSuggestion =
  | { outcome: 'created' | 'existing'; row: SuggestionRow }
  | { outcome: 'requester_limit'; waitSeconds: number }
  | { outcome: 'musician_limit'; waitSeconds: number };

/** Which of the musician's suggestions a limit counts: all, one suggester's, one address's. */
type Counted = { requesterEmail: string } | { source: string } | undefined;

/** lower(trim(x)): how SQL spells a song key's half (trim takes off spaces only). */
const folded = (value: unknown) => sql<string>`lower(trim(${value}))`;

/**
 * Seconds until the musician's suggestions `counted` names let one more in (window-limit.ts):
 * the newest of them inside the window, `max` at most, read newest first through the
 * musician's created_at index.
 */
function waitOf(
  trx: Transaction<DB>,
  musicianId: string,
  counted: Counted,
  windowMinutes: number,
  max: number,
  now: Date,
): Promise<number | null> {
  let query = trx.selectFrom('songSuggestions').where('musicianId', '=', musicianId);
  if (counted && 'requesterEmail' in counted) {
    query = query.where(
      sql<string>`lower(${sql.ref('requesterEmail')})`,
      '=',
      sql<string>`lower(${counted.requesterEmail})`,
    );
  }
  if (counted && 'source' in counted) query = query.where('source', '=', counted.source);
  return waitOfNewest(query, { windowMinutes, max }, now);
}

export function suggestionsRepository(db: Kysely<DB>) {
  const owned = (musicianId: string, id: string) =>
    db
      .selectFrom('songSuggestions')
      .selectAll()
      .where('musicianId', '=', musicianId)
      .where('id', '=', id);

  return {
    /** The musician a slug names, and whether they take suggestions (on unless turned off). */
    async recipient(slug: string) {
      const row = await db
        .selectFrom('musicians')
        .leftJoin('designSettings', 'designSettings.musicianId', 'musicians.id')
        .select(['musicians.id as musicianId', 'designSettings.allowSongSuggestions'])
        .where('musicians.slug', '=', slug)
        .executeTakeFirst();
      return (
        row && { musicianId: row.musicianId, allowSuggestions: row.allowSongSuggestions ?? true }
      );
    },

    /** The suggestion an Idempotency-Key filed, if it was used. */
    async findByIdempotencyKey(
      musicianId: string,
      key: string,
    ): Promise<SuggestionRow | undefined> {
      return db
        .selectFrom('songSuggestions')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
    },

    /**
     * Files a suggestion unless a limit refuses it: the suggester's (by email), the musician's
     * budget per minute, or this address's share of it. All are counted under the musician's
     * lock (db/locks.ts), taken first in the transaction that inserts, so parallel
     * suggestions are decided one after another and none over-admits. An Idempotency-Key used a
     * moment ago answers that suggestion ('existing') and writes nothing.
     */
    async file(values: NewSuggestion, limits: SuggestionLimits): Promise<FiledSuggestion> {
      const { musicianId, idempotencyKey } = values;
      return db.transaction().execute(async (trx): Promise<FiledSuggestion> => {
        await lockMusician(trx, musicianId);
        if (idempotencyKey !== null) {
          const existing = await trx
            .selectFrom('songSuggestions')
            .selectAll()
            .where('musicianId', '=', musicianId)
            .where('idempotencyKey', '=', idempotencyKey)
            .executeTakeFirst();
          if (existing) return { outcome: 'existing', row: existing };
        }
        // After the lock: the time the rows read under it are judged at.
        const now = new Date();
        const { perRequester, perMusicianPerMinute, perAddressPerMinute } = limits;
        const requesterWait = await waitOf(
          trx,
          musicianId,
          { requesterEmail: values.requesterEmail },
          perRequester.windowMinutes,
          perRequester.max,
          now,
        );
        if (requesterWait !== null) {
          return { outcome: 'requester_limit', waitSeconds: requesterWait };
        }
        const flooded =
          (await waitOf(trx, musicianId, undefined, 1, perMusicianPerMinute, now)) ??
          (await waitOf(trx, musicianId, { source: values.source }, 1, perAddressPerMinute, now));
        if (flooded !== null) return { outcome: 'musician_limit', waitSeconds: flooded };
        const row = await trx
          .insertInto('songSuggestions')
          .values({ ...values, createdAt: creationTime() })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { outcome: 'created', row };
      });
    },

    async list(musicianId: string): Promise<Suggestion[]> {
      const rows = await db
        .selectFrom('songSuggestions')
        .selectAll()
        .where('musicianId', '=', musicianId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSuggestion);
    },

    /**
     * The musician's visible songs with this title and artist (the duplicate rule, songKey):
     * what a suggestion of a song already on the list would name. SQL narrows by title; the
     * exact key is checked here, as in markAdded.
     */
    async visibleSongIdsOf(musicianId: string, title: string, artist: string): Promise<string[]> {
      const key = songKey(title, artist);
      const candidates = await db
        .selectFrom('songs')
        .select(['id', 'title', 'artist'])
        .where('musicianId', '=', musicianId)
        .where('hidden', '=', false)
        .where(folded(sql.ref('title')), '=', folded(title))
        .execute();
      return candidates
        .filter((row) => songKey(row.title, row.artist) === key)
        .map((row) => row.id);
    },

    /**
     * Marks added the musician's pending suggestions of a song now in the repertoire (by the
     * duplicate rule, songKey). SQL narrows by title; the exact key is checked here, since the
     * engine's lower() may fold less than JavaScript's.
     */
    async markAdded(musicianId: string, song: { title: string; artist: string }) {
      const key = songKey(song.title, song.artist);
      const candidates = await db
        .selectFrom('songSuggestions')
        .select(['id', 'suggestedTitle', 'suggestedArtist'])
        .where('musicianId', '=', musicianId)
        .where('status', '=', 'pending')
        .where(folded(sql.ref('suggestedTitle')), '=', folded(song.title))
        .execute();
      const ids = candidates
        .filter((row) => songKey(row.suggestedTitle, row.suggestedArtist) === key)
        .map((row) => row.id);
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('songSuggestions')
        .set({ status: 'added', updatedAt: new Date() })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .returningAll()
        .execute();
      return rows.map(toSuggestion);
    },

    async findOwned(musicianId: string, id: string): Promise<Suggestion | undefined> {
      const row = await owned(musicianId, id).executeTakeFirst();
      return row && toSuggestion(row);
    },

    /**
     * Decides a pending suggestion; 'added' also puts the song in the repertoire unless a song of
     * that title and artist is already there (then the suggestion is simply marked added). A full
     * song list refuses it and changes nothing. Undefined if it was no longer pending.
     */
    async decide(
      musicianId: string,
      id: string,
      status: Exclude<SuggestionStatus, 'pending'>,
    ): Promise<Decision | undefined> {
      return db.transaction().execute(async (trx): Promise<Decision | undefined> => {
        const pending = await lockingRows(
          trx,
          trx
            .selectFrom('songSuggestions')
            .selectAll()
            .where('musicianId', '=', musicianId)
            .where('id', '=', id)
            .where('status', '=', 'pending'),
          'update',
        ).executeTakeFirst();
        if (!pending) return undefined;
        let songAdded: string | undefined;
        if (status === 'added') {
          // Under the lock imports and single adds take, with their duplicate rule and cap, so
          // an import of the same song at the same moment cannot add it twice.
          const song = { title: pending.suggestedTitle, artist: pending.suggestedArtist };
          const refused = await lockAndCheckRoom(trx, musicianId, song);
          if (refused && 'full' in refused) return { full: true };
          if (!refused) {
            const added = await trx
              .insertInto('songs')
              .values({ musicianId, ...song, createdAt: creationTime() })
              .returning('id')
              .executeTakeFirstOrThrow();
            // An import between two of its batches must see the song list changed.
            await bumpSongsVersion(trx, musicianId);
            songAdded = added.id;
          }
        }
        const row = await trx
          .updateTable('songSuggestions')
          .set({ status, updatedAt: new Date() })
          .where('musicianId', '=', musicianId)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { suggestion: toSuggestion(row), songAdded };
      });
    },

    async delete(musicianId: string, id: string): Promise<boolean> {
      const rows = await db
        .deleteFrom('songSuggestions')
        .where('musicianId', '=', musicianId)
        .where('id', '=', id)
        .returning('id')
        .execute();
      return rows.length > 0;
    },
  };
}

export type SuggestionsRepository = ReturnType<typeof suggestionsRepository>;
