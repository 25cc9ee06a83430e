import { describe, expect, it } from 'vitest';
import type { Song, SongData, SongMetadataWithWriter } from '#shared/schemas/song.ts';
import {
  dismissalKey,
  type AskRow,
  type InsightsRepository,
} from '#server/features/insights/insights-repository.ts';
import { insightsService } from '#server/features/insights/insights-service.ts';

const NOW = new Date('2025-06-01T20:00:00Z');

const row = (title: string, artist: string, who: string): AskRow => ({
  title,
  artist,
  who,
  show_id: null,
  show_name: null,
  asks: 1,
  asked_at: NOW.toISOString(),
});

/** A repository answering fixed rows, as if SQL had missed what only JavaScript folds. */
function fakeRepository(overrides: Partial<InsightsRepository> = {}): InsightsRepository {
  return {
    suggestionAsks: async () => [],
    unplayedAsks: async () => [],
    requestTotals: async () => [],
    repertoire: async () => [],
    dismissedKeys: async () => new Set<string>(),
    dismiss: async () => 'dismissed',
    undismiss: async () => {},
    ...overrides,
  };
}

function service(repository: InsightsRepository, found: SongMetadataWithWriter | null = null) {
  const created: SongData[] = [];
  const songs = {
    create: async (_musicianId: string, data: SongData) => {
      created.push(data);
      return { ...data, id: 'song-1' } as unknown as Song;
    },
  };
  const metadata = {
    search: async () => ({ success: found !== null, metadata: found, message: '' }),
  };
  return {
    created,
    insights: insightsService({
      insights: repository,
      songs,
      metadata,
      suggestions: { markAdded: async () => {} },
      now: () => NOW,
    }),
  };
}

describe('insightsService', () => {
  it('leaves out repertoire and dismissed songs by the exact import key, whatever SQL missed', async () => {
    const { insights } = service(
      fakeRepository({
        suggestionAsks: async () => [
          row('Wonderwall', 'Oasis', 'a'),
          row('ÉTÉ', 'ARTISTE', 'b'),
          row('Creep\u00a0', 'Radiohead', 'c'),
          row('Keep', 'Me', 'd'),
        ],
        repertoire: async () => [
          { title: ' wonderwall ', artist: 'OASIS' },
          { title: 'été', artist: 'artiste' },
        ],
        dismissedKeys: async () => new Set([dismissalKey('creep', 'radiohead')]),
      }),
    );
    const { songs } = await insights.learnNextList('m');
    expect(songs.map((song) => song.title)).toEqual(['Keep']);
  });

  it('keeps only underplayed songs whose totals say they were played less than asked', async () => {
    const { insights } = service(
      fakeRepository({
        unplayedAsks: async () => [
          { ...row('Yellow', 'Coldplay', 'a'), song_id: 's1' },
          { ...row('Gone', 'Band', 'b'), song_id: 's2' },
        ],
        requestTotals: async () => [
          { song_id: 's1', requesters: 1, requests: 2, played: 1 },
          { song_id: 's2', requesters: 1, requests: 1, played: 1 },
        ],
      }),
    );
    const { underplayed } = await insights.learnNextList('m');
    expect(underplayed).toEqual([
      { song_id: 's1', title: 'Yellow', artist: 'Coldplay', requesters: 1, requests: 2, played: 1 },
    ]);
  });

  it('adds the song with what was found: its genres, year, writer and length', async () => {
    const found: SongMetadataWithWriter = {
      source: 'musicbrainz',
      title: 'Song',
      artist: 'Band',
      year: 1999,
      genres: ['Rock'],
      moods: ['Happy'],
      duration_seconds: 215,
      confidence: 0.95,
      songwriter: 'Someone',
    };
    const { insights, created } = service(fakeRepository(), found);
    await insights.addToSongs('m', { title: 'Song', artist: 'Band' });
    expect(created).toEqual([
      {
        title: 'Song',
        artist: 'Band',
        genres: ['Rock'],
        moods: ['Happy'],
        year: 1999,
        notes: '',
        songwriter: 'Someone',
        duration_seconds: 215,
      },
    ]);
  });

  it('adds the song bare when the metadata found does not fit the song form', async () => {
    const odd: SongMetadataWithWriter = {
      source: 'musicbrainz',
      title: 'Song',
      artist: 'Band',
      year: 3000,
      genres: ['Rock'],
      moods: [],
      duration_seconds: 200,
      confidence: 0.5,
      songwriter: 'Someone',
    };
    const { insights, created } = service(fakeRepository(), odd);
    await insights.addToSongs('m', { title: 'Song', artist: 'Band' });
    expect(created).toEqual([
      {
        title: 'Song',
        artist: 'Band',
        genres: [],
        moods: [],
        year: null,
        notes: '',
        songwriter: '',
        duration_seconds: null,
      },
    ]);
  });
});
