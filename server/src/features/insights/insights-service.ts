import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import {
  LEARN_NEXT_DISMISSALS_MAX,
  LEARN_NEXT_LIMIT,
  UNDERPLAYED_LIMIT,
  type LearnNextResponse,
  type LearnNextSong,
  type LearnNextSongRef,
  type UnderplayedSong,
} from '#shared/schemas/insights.ts';
import {
  SongInput,
  type Song,
  type SongData,
  type SongMetadataSearchResponse,
  type SongMetadataWithWriter,
} from '#shared/schemas/song.ts';
import { conflict } from '#server/http/errors.ts';
import { songKey } from '#shared/song-key.ts';
import {
  dismissalKey,
  type AskRow,
  type InsightsRepository,
  type RequestAskRow,
} from './insights-repository.ts';
import { rankSongs, type Ask, type RankedSong } from './learn-next-ranking.ts';

// The songs, metadata and suggestions services, injected by services.ts: insights acts through
// them, so it names only the one method of each it calls.
interface Deps {
  insights: InsightsRepository;
  /** Adds the song: its duplicate rule, its cap, and the songs:changed the other devices get. */
  songs: { create(musicianId: string, data: SongData): Promise<Song> };
  /** The same lookup as the song form's Auto-fill: the bundled catalogue, then MusicBrainz. */
  metadata: { search(title: string, artist: string): Promise<SongMetadataSearchResponse> };
  /** Marks the added song's pending suggestions added, as approving one would. */
  suggestions: {
    markAdded(musicianId: string, song: { title: string; artist: string }): Promise<void>;
  };
  /** The clock the ranking reads (tests fix it). */
  now?: () => Date;
}

function toAsk(row: AskRow, key: string): Ask {
  return {
    key,
    title: row.title,
    artist: row.artist,
    who: row.who,
    showId: row.show_id,
    showName: row.show_name,
    askedAt: new Date(row.asked_at),
    count: Number(row.asks),
  };
}

function toLearnNextSong(song: RankedSong): LearnNextSong {
  return {
    title: song.title,
    artist: song.artist,
    score: song.score,
    requesters: song.requesters,
    shows: song.shows,
    last_asked_at: song.lastAskedAt.toISOString(),
    sources: song.sources.map((source) => ({
      show_id: source.showId,
      name: source.name,
      requesters: source.requesters,
    })),
  };
}

/** The song to add: found metadata fills genres, moods, year, writer and length, if it fits the form. */
function songToAdd(ref: LearnNextSongRef, found: SongMetadataWithWriter | null) {
  const bare = SongInput.parse(ref);
  if (!found) return bare;
  const filled = SongInput.safeParse({
    ...ref,
    genres: found.genres,
    moods: found.moods,
    year: found.year,
    songwriter: found.songwriter,
    duration_seconds: found.duration_seconds,
  });
  return filled.success ? filled.data : bare;
}

export function insightsService({
  insights,
  songs,
  metadata,
  suggestions,
  now = () => new Date(),
}: Deps) {
  /**
   * Suggested songs by rank. The repository already left out what SQL could match; the exact
   * song keys (JavaScript's case folding, as imports use) decide here.
   */
  async function learnNext(musicianId: string, at: Date): Promise<LearnNextSong[]> {
    const [rows, repertoire, dismissed] = await Promise.all([
      insights.suggestionAsks(musicianId),
      insights.repertoire(musicianId),
      insights.dismissedKeys(musicianId),
    ]);
    const held = new Set(repertoire.map((song) => songKey(song.title, song.artist)));
    const asks: Ask[] = [];
    for (const row of rows) {
      const key = songKey(row.title, row.artist);
      if (held.has(key) || dismissed.has(dismissalKey(row.title, row.artist))) continue;
      asks.push(toAsk(row, key));
    }
    return rankSongs(asks, at, LEARN_NEXT_LIMIT).map(toLearnNextSong);
  }

  /** Repertoire songs whose unplayed requests rank highest, with their all-time counts. */
  async function underplayed(musicianId: string, at: Date): Promise<UnderplayedSong[]> {
    const rows: RequestAskRow[] = await insights.unplayedAsks(musicianId);
    const ranked = rankSongs(
      rows.map((row) => toAsk(row, row.song_id)),
      at,
      UNDERPLAYED_LIMIT,
    );
    const totals = await insights.requestTotals(
      musicianId,
      ranked.map((song) => song.key),
    );
    const bySong = new Map(totals.map((row) => [row.song_id, row]));
    return ranked.flatMap((song) => {
      const total = bySong.get(song.key);
      if (!total || total.played >= total.requests) return [];
      return [
        {
          song_id: song.key,
          title: song.title,
          artist: song.artist,
          requesters: total.requesters,
          requests: total.requests,
          played: total.played,
        },
      ];
    });
  }

  return {
    async learnNextList(musicianId: string): Promise<LearnNextResponse> {
      const at = now();
      const [suggested, rarelyPlayed] = await Promise.all([
        learnNext(musicianId, at),
        underplayed(musicianId, at),
      ]);
      return { songs: suggested, underplayed: rarelyPlayed };
    },

    /** 'Not for me': the song (in any letter case) leaves the list. Idempotent. */
    async dismiss(musicianId: string, ref: LearnNextSongRef): Promise<void> {
      const key = dismissalKey(ref.title, ref.artist);
      const outcome = await insights.dismiss(musicianId, key, LEARN_NEXT_DISMISSALS_MAX);
      if (outcome === 'full') {
        const max = LEARN_NEXT_DISMISSALS_MAX.toLocaleString('en');
        throw conflict(fill(messages.learnNextDismissalsFull, { max }));
      }
    },

    /** Undoes 'Not for me'; nothing to undo is fine too. */
    async undismiss(musicianId: string, ref: LearnNextSongRef): Promise<void> {
      await insights.undismiss(musicianId, dismissalKey(ref.title, ref.artist));
    },

    /**
     * 'Add to my songs': the song goes into the repertoire with what a lookup finds, through the
     * songs service (409 when it is already there or the list is full). Being in the repertoire
     * takes it off the list.
     */
    async addToSongs(musicianId: string, ref: LearnNextSongRef): Promise<Song> {
      const found = await metadata.search(ref.title, ref.artist);
      const song = await songs.create(musicianId, songToAdd(ref, found.metadata));
      await suggestions.markAdded(musicianId, song);
      return song;
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
