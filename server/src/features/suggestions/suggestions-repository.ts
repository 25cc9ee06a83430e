import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Suggestion, SuggestionStatus } from '#shared/schemas/suggestion.ts';
import type { Db } from '#server/db/database.ts';
import { designSettings, musicians, songs, songSuggestions } from '#server/db/schema.ts';
import type { SubmissionLimit } from '#server/config.ts';
import { rowsOf } from '#server/db/rows-of.ts';
import { windowWaitSql } from '#server/db/window-wait.ts';
import { songKey } from '#shared/song-key.ts';
import { lockAndCheckRoom } from '#server/catalogue/song-lock.ts';
import { toSuggestion } from './suggestion-mapper.ts';

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

type SuggestionRow = typeof songSuggestions.$inferSelect;

/** What filing a suggestion came to; a refusal carries the seconds until one more is allowed. */
export type FiledSuggestion =
  | { outcome: 'created' | 'existing'; row: SuggestionRow }
  | { outcome: 'requester_limit'; waitSeconds: number }
  | { outcome: 'musician_limit'; waitSeconds: number };

export function suggestionsRepository(db: Db) {
  const owned = (musicianId: string, id: string) =>
    and(eq(songSuggestions.musicianId, musicianId), eq(songSuggestions.id, id));

  return {
    /** The musician a slug names, and whether they take suggestions (on unless turned off). */
    async recipient(slug: string) {
      const [row] = await db
        .select({
          musicianId: musicians.id,
          allowSuggestions: sql<boolean>`coalesce(${designSettings.allowSongSuggestions}, true)`,
        })
        .from(musicians)
        .leftJoin(designSettings, eq(designSettings.musicianId, musicians.id))
        .where(eq(musicians.slug, slug));
      return row;
    },

    /** The suggestion an Idempotency-Key filed, if it was used. */
    async findByIdempotencyKey(musicianId: string, key: string) {
      const [row] = await db
        .select()
        .from(songSuggestions)
        .where(
          and(eq(songSuggestions.musicianId, musicianId), eq(songSuggestions.idempotencyKey, key)),
        );
      return row;
    },

    /**
     * Files a suggestion unless a limit refuses it: the suggester's (by email), the musician's
     * budget per minute, or this address's share of it. All are counted under a lock of the
     * musician's taken first, in the transaction that inserts, so parallel suggestions are
     * decided one after another and none over-admits. An Idempotency-Key used a moment ago
     * answers that suggestion ('existing') and writes nothing.
     */
    async file(values: NewSuggestion, limits: SuggestionLimits): Promise<FiledSuggestion> {
      const { musicianId } = values;
      return db.transaction(async (tx) => {
        // Its own key space, apart from the song list's lock and the requests' (musician-lock.ts).
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext('file_suggestion'), hashtext(${musicianId}))`,
        );
        const ofMusician = sql`r.musician_id = ${musicianId}`;
        const counted = (where: typeof ofMusician) => [{ table: songSuggestions, where }];
        const { perRequester, perMusicianPerMinute, perAddressPerMinute } = limits;
        const mine = sql`${ofMusician}
          AND lower(r.requester_email) = lower(${values.requesterEmail}::text)`;
        const fromSource = sql`${ofMusician} AND r.source = ${values.source}::text`;
        const [state] = rowsOf<{
          existing: string | null;
          requester_wait: number | null;
          musician_wait: number | null;
          source_wait: number | null;
        }>(
          await tx.execute(sql`SELECT
            (SELECT id FROM ${songSuggestions} WHERE musician_id = ${musicianId}
              AND idempotency_key = ${values.idempotencyKey}::text) AS existing,
            ${windowWaitSql(counted(mine), perRequester.windowMinutes, perRequester.max)}
              AS requester_wait,
            ${windowWaitSql(counted(ofMusician), 1, perMusicianPerMinute)} AS musician_wait,
            ${windowWaitSql(counted(fromSource), 1, perAddressPerMinute)} AS source_wait`),
        );
        if (state!.existing) {
          const [row] = await tx
            .select()
            .from(songSuggestions)
            .where(eq(songSuggestions.id, state!.existing));
          return { outcome: 'existing', row: row! };
        }
        if (state!.requester_wait !== null) {
          return { outcome: 'requester_limit', waitSeconds: Number(state!.requester_wait) };
        }
        const flooded = state!.musician_wait ?? state!.source_wait;
        if (flooded !== null) return { outcome: 'musician_limit', waitSeconds: Number(flooded) };
        const [row] = await tx.insert(songSuggestions).values(values).returning();
        return { outcome: 'created', row: row! };
      });
    },

    async list(musicianId: string): Promise<Suggestion[]> {
      const rows = await db
        .select()
        .from(songSuggestions)
        .where(eq(songSuggestions.musicianId, musicianId))
        .orderBy(desc(songSuggestions.createdAt), desc(songSuggestions.id));
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
        .select({ id: songs.id, title: songs.title, artist: songs.artist })
        .from(songs)
        .where(
          and(
            eq(songs.musicianId, musicianId),
            eq(songs.hidden, false),
            sql`lower(btrim(${songs.title})) = lower(btrim(${title}::text))`,
          ),
        );
      return candidates
        .filter((row) => songKey(row.title, row.artist) === key)
        .map((row) => row.id);
    },

    /**
     * Marks added the musician's pending suggestions of a song now in the repertoire (by the
     * duplicate rule, songKey). SQL narrows by title; the exact key is checked here, since
     * PostgreSQL's lower() may fold less than JavaScript's.
     */
    async markAdded(musicianId: string, song: { title: string; artist: string }) {
      const key = songKey(song.title, song.artist);
      const candidates = await db
        .select()
        .from(songSuggestions)
        .where(
          and(
            eq(songSuggestions.musicianId, musicianId),
            eq(songSuggestions.status, 'pending'),
            sql`lower(btrim(${songSuggestions.suggestedTitle})) = lower(btrim(${song.title}::text))`,
          ),
        );
      const ids = candidates
        .filter((row) => songKey(row.suggestedTitle, row.suggestedArtist) === key)
        .map((row) => row.id);
      if (ids.length === 0) return [];
      const rows = await db
        .update(songSuggestions)
        .set({ status: 'added', updatedAt: new Date() })
        .where(and(inArray(songSuggestions.id, ids), eq(songSuggestions.status, 'pending')))
        .returning();
      return rows.map(toSuggestion);
    },

    async findOwned(musicianId: string, id: string): Promise<Suggestion | undefined> {
      const [row] = await db.select().from(songSuggestions).where(owned(musicianId, id));
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
      return db.transaction(async (tx) => {
        const [pending] = await tx
          .select()
          .from(songSuggestions)
          .where(and(owned(musicianId, id), eq(songSuggestions.status, 'pending')))
          .for('update');
        if (!pending) return undefined;
        let songAdded: string | undefined;
        if (status === 'added') {
          // Under the lock imports and single adds take, with their duplicate rule and cap, so
          // an import of the same song at the same moment cannot add it twice.
          const song = { title: pending.suggestedTitle, artist: pending.suggestedArtist };
          const refused = await lockAndCheckRoom(tx, musicianId, song);
          if (refused && 'full' in refused) return { full: true };
          if (!refused) {
            const [added] = await tx
              .insert(songs)
              .values({ musicianId, ...song })
              .returning({ id: songs.id });
            songAdded = added?.id;
          }
        }
        const [row] = await tx
          .update(songSuggestions)
          .set({ status, updatedAt: new Date() })
          .where(owned(musicianId, id))
          .returning();
        return { suggestion: toSuggestion(row!), songAdded };
      });
    },

    async delete(musicianId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(songSuggestions)
        .where(owned(musicianId, id))
        .returning({ id: songSuggestions.id });
      return rows.length > 0;
    },
  };
}

export type SuggestionsRepository = ReturnType<typeof suggestionsRepository>;
