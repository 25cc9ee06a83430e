import { fill } from '#shared/fill-message.ts';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '#shared/messages.ts';
import type { BatchEnrichResponse, EnrichSummary } from '#shared/schemas/metadata.ts';
import type { SongMetadataSearchResponse, SongMetadataWithWriter } from '#shared/schemas/song.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import type { MetadataPatch, MetadataRepository, SongToEnrich } from './metadata-repository.ts';
import type { LookupOptions, MetadataSource } from './metadata-source.ts';

interface EnrichProgress {
  processed: number;
  total: number;
  enriched: number;
}

interface EnrichOutcome extends EnrichSummary {
  errors: BatchEnrichResponse['errors'];
}

interface Deps {
  /** Tried in order; the first match wins. */
  sources: MetadataSource[];
  metadata: MetadataRepository;
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** Time one enrichment may spend on online sources before it answers with what it has. */
  enrichBudgetMs: number;
}

/**
 * A song still missing something a lookup could fill. The songwriter and the length count only
 * when an online source is on: the offline catalogue knows neither, so it could never fill one.
 */
const isIncomplete = (song: SongToEnrich, onlineFindable: boolean) =>
  song.genres.length === 0 ||
  song.moods.length === 0 ||
  song.year === null ||
  (onlineFindable && (song.songwriter === '' || song.durationSeconds === null));

/** What a match adds to a song: only its empty fields, or null if it adds nothing. */
function patchFor(song: SongToEnrich, found: SongMetadataWithWriter): MetadataPatch | null {
  const patch: MetadataPatch = {
    id: song.id,
    genres: song.genres.length === 0 ? found.genres : song.genres,
    moods: song.moods.length === 0 ? found.moods : song.moods,
    year: song.year ?? found.year,
    songwriter: song.songwriter || found.songwriter,
    // The musician's own length stands: a recording's is only the best guess for theirs.
    durationSeconds: song.durationSeconds ?? found.duration_seconds,
  };
  const adds =
    patch.genres !== song.genres ||
    patch.moods !== song.moods ||
    patch.year !== song.year ||
    patch.songwriter !== song.songwriter ||
    patch.durationSeconds !== song.durationSeconds;
  const nonEmpty =
    found.genres.length > 0 ||
    found.moods.length > 0 ||
    found.year !== null ||
    found.songwriter !== '' ||
    found.duration_seconds !== null;
  return adds && nonEmpty ? patch : null;
}

export function metadataService({ sources, metadata, events, log, enrichBudgetMs }: Deps) {
  async function find(
    title: string,
    artist: string,
    from: MetadataSource[],
    options: LookupOptions = {},
  ): Promise<SongMetadataWithWriter | null> {
    for (const source of from) {
      const found = await source.lookup(title, artist, options).catch((error: unknown) => {
        log.warn({ err: error, source: source.name }, 'metadata source failed');
        return null;
      });
      if (found) return found;
    }
    return null;
  }

  /**
   * Fills missing genres, moods, years, songwriters and lengths. The offline catalogue goes through every
   * song at once; online sources then take the songs still incomplete until the time budget runs
   * out. Those not reached are counted as `remaining`: calling again continues with them.
   */
  async function enrichSongs(
    musicianId: string,
    songs: SongToEnrich[],
    onProgress: (progress: EnrichProgress) => void = () => {},
  ): Promise<EnrichOutcome> {
    const offline = sources.filter((source) => source.offline);
    const online = sources.filter((source) => !source.offline);
    const writersFindable = online.length > 0;
    const todo = songs.filter((song) => isIncomplete(song, writersFindable));
    const deadline = Date.now() + enrichBudgetMs;
    // One patch per song, holding everything found so far (an online match adds to the catalogue's).
    const patches = new Map<string, MetadataPatch>();
    const applyMatch = (song: SongToEnrich, found: SongMetadataWithWriter | null) => {
      const patch = found && patchFor(song, found);
      if (!patch) return song;
      patches.set(song.id, patch);
      return { ...song, ...patch };
    };

    const afterOffline: SongToEnrich[] = [];
    for (const song of todo) {
      afterOffline.push(applyMatch(song, await find(song.title, song.artist, offline)));
    }
    const rest = writersFindable
      ? afterOffline.filter((song) => isIncomplete(song, writersFindable))
      : [];
    let processed = todo.length - rest.length;
    onProgress({ processed, total: todo.length, enriched: patches.size });

    for (const song of rest) {
      if (Date.now() >= deadline) break;
      applyMatch(song, await find(song.title, song.artist, online, { deadline }));
      processed++;
      onProgress({ processed, total: todo.length, enriched: patches.size });
    }

    const errors: EnrichOutcome['errors'] = [];
    let enriched = 0;
    try {
      enriched = await metadata.fillMissing(musicianId, [...patches.values()]);
    } catch (error) {
      log.error({ err: error, musicianId }, 'saving enriched metadata failed');
      errors.push(
        ...[...patches.keys()].map((id) => ({ song_id: id, reason: messages.batchEnrichFailed })),
      );
    }
    return { processed, enriched, remaining: todo.length - processed, errors };
  }

  return {
    enrichSongs,

    async search(title: string, artist: string): Promise<SongMetadataSearchResponse> {
      const found = await find(title, artist, sources);
      return found
        ? { success: true, metadata: found, message: messages.metadataFound }
        : { success: false, metadata: null, message: messages.metadataNotFound };
    },

    /** Auto-fill All: the musician's incomplete songs, or only the selected ones. */
    async batchEnrich(musicianId: string, songIds?: string[]): Promise<BatchEnrichResponse> {
      const writersFindable = sources.some((source) => !source.offline);
      const songs = await metadata.listIncomplete(musicianId, songIds, writersFindable);
      const outcome = await enrichSongs(musicianId, songs, (progress) =>
        log.debug({ musicianId, ...progress }, 'batch enrichment progress'),
      );
      // Genres, moods and years show on the audience page (an import publishes its own event).
      if (outcome.enriched > 0) {
        events.publish({ musicianId, name: 'songs:changed', payload: {} });
      }
      return {
        success: outcome.errors.length === 0,
        ...outcome,
        message: enrichMessage(outcome),
      };
    },
  };
}

function enrichMessage({ processed, enriched, remaining }: EnrichSummary): string {
  if (processed === 0 && remaining === 0) return messages.enrichNothingToDo;
  const done = fill(messages.enrichDone, { enriched, processed });
  return remaining > 0 ? `${done} ${fill(messages.enrichRemaining, { remaining })}` : done;
}

export type MetadataService = ReturnType<typeof metadataService>;
