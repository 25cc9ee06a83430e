import { ALTERNATIVES_SHOWN } from '#shared/limits.ts';
import type { PublicSong } from '#shared/schemas/song.ts';
import { toPublicSong, type SongRow } from '#server/catalogue/song-mapper.ts';
import { requestsOpen, systemClock, type Clock } from '#server/musicians/request-window.ts';
import type { AlternativesRepository, AlternativesSource } from './alternatives-repository.ts';

// "Something else to ask for" (issue 47): a request the musician rejected, or one the no-repeats
// rule refused, is answered with up to ALTERNATIVES_SHOWN songs the audience may request now,
// nearest first: the same artist, then a shared genre in the same decade, then the most
// requested. Each kind most requested first; never the song turned down, never one twice.
// Requestable as the request's admission decides it: requests open (the switch, inside the
// window), the song visible, on a public playlist while one is active (song-requestable.ts),
// and not held back by the no-repeats rule (repeat-rule.ts, read as the audience's list reads it).

/** The songs the no-repeats rule holds back now: the audience song list's states, injected. */
export interface HeldBackSongs {
  forMusician(musicianId: string): Promise<Map<string, { playedAt: Date | null }>>;
}

const decadeStartOf = (year: number) => Math.floor(year / 10) * 10;

/** Whether two songs share a genre, ignoring case (as the audience's genre filter compares). */
function sharesGenre(genres: ReadonlySet<string>, song: SongRow): boolean {
  return song.genres.some((genre) => genres.has(genre.toLowerCase()));
}

export function requestAlternatives({
  songs,
  heldBack,
  clock = systemClock,
}: {
  songs: AlternativesRepository;
  heldBack: HeldBackSongs;
  /** The moment the request window is read at; tests hand in their own. */
  clock?: Clock;
}) {
  async function nearest(source: AlternativesSource): Promise<PublicSong[]> {
    const gate = await songs.gate(source.musicianId);
    if (!gate || !requestsOpen(gate, clock())) return [];
    const held = [...(await heldBack.forMusician(source.musicianId))]
      .filter(([, state]) => state.playedAt !== null)
      .map(([songId]) => songId);
    const scope = {
      musicianId: source.musicianId,
      excluded: source.songId ? [source.songId, ...held] : held,
      publicSetPlaying: gate.publicSetPlaying,
    };

    const chosen: SongRow[] = [];
    const take = (rows: SongRow[]) => {
      for (const row of rows) {
        if (chosen.length === ALTERNATIVES_SHOWN) return;
        if (!chosen.some((song) => song.id === row.id)) chosen.push(row);
      }
    };
    take(await songs.bySameArtist(scope, source.artist, ALTERNATIVES_SHOWN));
    if (chosen.length < ALTERNATIVES_SHOWN && source.year !== null && source.genres.length > 0) {
      const genres = new Set(source.genres.map((genre) => genre.toLowerCase()));
      const decade = await songs.ofDecade(scope, decadeStartOf(source.year));
      take(decade.filter((song) => sharesGenre(genres, song)));
    }
    // Enough of them for the ones already chosen to be skipped.
    if (chosen.length < ALTERNATIVES_SHOWN) {
      take(await songs.mostRequested(scope, ALTERNATIVES_SHOWN + chosen.length));
    }
    return chosen.map(toPublicSong);
  }

  return {
    /** For the request turned down (rejected): none for an unknown id. */
    async forRequest(requestId: string): Promise<PublicSong[]> {
      const source = await songs.sourceOfRequest(requestId);
      return source ? nearest(source) : [];
    },

    /** For a song the no-repeats rule refused, of the musician it was filed with. */
    async forSong(musicianId: string, songId: string): Promise<PublicSong[]> {
      const source = await songs.sourceOfSong(musicianId, songId);
      return source ? nearest(source) : [];
    },
  };
}

export type RequestAlternatives = ReturnType<typeof requestAlternatives>;
