import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Suggestion, SuggestionStatus } from '#shared/schemas/suggestion.ts';
import type { Db } from '#server/db/database.ts';
import { designSettings, musicians, songs, songSuggestions } from '#server/db/schema.ts';
import { secondsUntilFree } from '#server/db/window-wait.ts';
import { songKey } from '../songs/song-key.ts';
import { lockAndCheckRoom } from '../songs/songs-repository.ts';
import { toSuggestion } from './suggestion-mapper.ts';

/** A decided suggestion, or an approval refused because the song list is full. */
export type Decision = { suggestion: Suggestion } | { full: true };

interface NewSuggestion {
  musicianId: string;
  suggestedTitle: string;
  suggestedArtist: string;
  requesterName: string;
  requesterEmail: string;
  message: string;
  idempotencyKey: string | null;
}

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

    /**
     * Seconds until one more suggestion to the musician (from this email, when given) is allowed
     * under "at most `max` in `windowMinutes`"; null while under it.
     */
    wait(
      musicianId: string,
      email: string | null,
      windowMinutes: number,
      max: number,
    ): Promise<number | null> {
      const byEmail =
        email === null ? sql`` : sql` AND lower(r.requester_email) = lower(${email}::text)`;
      const where = sql`r.musician_id = ${musicianId}${byEmail}`;
      return secondsUntilFree(db, [{ table: songSuggestions, where }], windowMinutes, max);
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

    /** With an idempotency key already used, returns the first suggestion and writes nothing. */
    async insert(values: NewSuggestion) {
      const [inserted] = await db
        .insert(songSuggestions)
        .values(values)
        .onConflictDoNothing({
          target: [songSuggestions.musicianId, songSuggestions.idempotencyKey],
        })
        .returning();
      if (inserted) return { suggestion: toSuggestion(inserted), created: true, row: inserted };
      const [existing] = await db
        .select()
        .from(songSuggestions)
        .where(
          and(
            eq(songSuggestions.musicianId, values.musicianId),
            eq(songSuggestions.idempotencyKey, values.idempotencyKey ?? ''),
          ),
        );
      if (!existing) throw new Error('idempotent suggestion insert found nothing');
      return { suggestion: toSuggestion(existing), created: false, row: existing };
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
        if (status === 'added') {
          // Under the lock imports and single adds take, with their duplicate rule and cap, so
          // an import of the same song at the same moment cannot add it twice.
          const song = { title: pending.suggestedTitle, artist: pending.suggestedArtist };
          const refused = await lockAndCheckRoom(tx, musicianId, song);
          if (refused && 'full' in refused) return { full: true };
          if (!refused) await tx.insert(songs).values({ musicianId, ...song });
        }
        const [row] = await tx
          .update(songSuggestions)
          .set({ status, updatedAt: new Date() })
          .where(owned(musicianId, id))
          .returning();
        return { suggestion: toSuggestion(row!) };
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
