import { fill } from '#shared/fill-message.ts';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '#shared/messages.ts';
import type {
  BatchEnrichResponse,
  EnrichSummary,
  MetadataSearchResponse,
  SongMetadata,
} from '#shared/schemas/metadata.ts';
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

const isIncomplete = (song: SongToEnrich) =>
  song.genres.length === 0 || song.moods.length === 0 || song.year === null;

/** What a match adds to a song: only its empty fields, or null if it adds nothing. */
function patchFor(song: SongToEnrich, found: SongMetadata): MetadataPatch | null {
  const patch: MetadataPatch = {
    id: song.id,
    genres: song.genres.length === 0 ? found.genres : song.genres,
    moods: song.moods.length === 0 ? found.moods : song.moods,
    year: song.year ?? found.year,
  };
  const adds =
    patch.genres !== song.genres || patch.moods !== song.moods || patch.year !== song.year;
  const nonEmpty = found.genres.length > 0 || found.moods.length > 0 || found.year !== null;
  return adds && nonEmpty ? patch : null;
}

export function metadataService({ sources, metadata, events, log, enrichBudgetMs }: Deps) {
  async function find(
    title: string,
    artist: string,
    from: MetadataSource[],
    options: LookupOptions = {},
  ): Promise<SongMetadata | null> {
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
   * Fills missing genres, moods and years. The offline catalogue goes through every song at
   * once; online sources then take the songs still incomplete until the time budget runs out.
   * Those not reached are counted as `remaining`: calling again continues with them.
   */
  async function enrichSongs(
    musicianId: string,
    songs: SongToEnrich[],
    onProgress: (progress: EnrichProgress) => void = () => {},
  ): Promise<EnrichOutcome> {
    const todo = songs.filter(isIncomplete);
    const deadline = Date.now() + enrichBudgetMs;
    const patches: MetadataPatch[] = [];
    const matched = new Set<string>();

    const offline = sources.filter((source) => source.offline);
    const online = sources.filter((source) => !source.offline);
    for (const song of todo) {
      const found = await find(song.title, song.artist, offline);
      const patch = found && patchFor(song, found);
      if (patch) {
        patches.push(patch);
        matched.add(song.id);
      }
    }
    const rest = online.length > 0 ? todo.filter((song) => !matched.has(song.id)) : [];
    let processed = todo.length - rest.length;
    onProgress({ processed, total: todo.length, enriched: patches.length });

    for (const song of rest) {
      if (Date.now() >= deadline) break;
      const found = await find(song.title, song.artist, online, { deadline });
      const patch = found && patchFor(song, found);
      if (patch) patches.push(patch);
      processed++;
      onProgress({ processed, total: todo.length, enriched: patches.length });
    }

    const errors: EnrichOutcome['errors'] = [];
    let enriched = 0;
    try {
      enriched = await metadata.fillMissing(musicianId, patches);
    } catch (error) {
      log.error({ err: error, musicianId }, 'saving enriched metadata failed');
      errors.push(
        ...patches.map((patch) => ({ song_id: patch.id, reason: messages.batchEnrichFailed })),
      );
    }
    return { processed, enriched, remaining: todo.length - processed, errors };
  }

  return {
    enrichSongs,

    async search(title: string, artist: string): Promise<MetadataSearchResponse> {
      const found = await find(title, artist, sources);
      return found
        ? { success: true, metadata: found, message: messages.metadataFound }
        : { success: false, metadata: null, message: messages.metadataNotFound };
    },

    /** Auto-fill All: the musician's incomplete songs, or only the selected ones. */
    async batchEnrich(musicianId: string, songIds?: string[]): Promise<BatchEnrichResponse> {
      const songs = await metadata.listIncomplete(musicianId, songIds);
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
