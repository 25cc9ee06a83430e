import { SONGS_PER_MUSICIAN_MAX } from '#shared/limits.ts';
import { messages } from '#shared/messages.ts';
import { fill, plural } from '#shared/fill-message.ts';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CsvPreviewResponse,
  ImportResult,
  LstPreviewResponse,
} from '#shared/schemas/song-import.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { rowsOverCapError } from './csv-parser.ts';
import { duplicatesOf } from './song-file.ts';
import { songFileReader, type SongFileReader } from './song-file-reader.ts';
import type { ImportOptions, NewSong } from '#server/catalogue/song-importer.ts';
import type { InsertedSong, SongImportRepository } from './song-import-repository.ts';
import type { UploadText } from './upload-reader.ts';
import { conflict } from '#server/http/errors.ts';

interface Deps {
  songImport: SongImportRepository;
  /** Metadata's enrichment (metadata-service.ts), injected by services.ts. */
  metadata: {
    enrichSongs(
      musicianId: string,
      songs: InsertedSong[],
      onProgress?: (progress: { processed: number; total: number; enriched: number }) => void,
    ): Promise<{ processed: number; enriched: number; remaining: number }>;
  };
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** Where files are parsed: a thread of their own (song-file-reader.ts) unless given. */
  files?: SongFileReader;
}

/** "Added 48 songs. 2 already in your list were skipped. 1 line could not be imported." */
function importMessage(added: number, skipped: number, failed: number): string {
  const songs = (count: number) => plural(count, 'song', 'songs');
  const parts = [fill(messages.importAdded, { songs: songs(added) })];
  if (skipped > 0) parts.push(fill(messages.importSkipped, { songs: songs(skipped) }));
  if (failed > 0) {
    parts.push(fill(messages.importFailedLines, { lines: plural(failed, 'line', 'lines') }));
  }
  return parts.join(' ');
}

const toNewSong = ({
  title,
  artist,
  genres,
  moods,
  year,
  songwriter,
  duration_seconds,
}: NewSong): NewSong => ({
  title,
  artist,
  genres,
  moods,
  year,
  songwriter: songwriter ?? '',
  duration_seconds: duration_seconds ?? null,
});

/** Every way of adding many songs at once ends in `importSongs`: one duplicate rule, one path. */
export function songImportService({
  songImport,
  metadata,
  events,
  log,
  files = songFileReader(),
}: Deps) {
  async function importSongs(
    musicianId: string,
    songs: NewSong[],
    { autoEnrich = false, errors = [] }: ImportOptions = {},
  ): Promise<ImportResult> {
    const { inserted, skipped, leftOut } = await songImport.insertNew(
      musicianId,
      songs.map(toNewSong),
    );
    let enrichment: ImportResult['enrichment'] = null;
    if (autoEnrich) {
      const outcome = await metadata.enrichSongs(musicianId, inserted, (progress) =>
        log.debug({ musicianId, ...progress }, 'import enrichment progress'),
      );
      enrichment = {
        processed: outcome.processed,
        enriched: outcome.enriched,
        remaining: outcome.remaining,
      };
    }
    log.info(
      { musicianId, added: inserted.length, skipped, leftOut, failed: errors.length, enrichment },
      'songs imported',
    );
    // One event for the whole import (after its enrichment), not one per song.
    if (inserted.length > 0) {
      const songsAdded = inserted.map((song) => song.id);
      events.publish({ musicianId, name: 'songs:changed', payload: {}, songsAdded });
    }
    // A file cut at the cap: said once, at the end, not counted as a line that failed.
    const cut = rowsOverCapError(0).reason;
    const failed = errors.filter((error) => error.reason !== cut).length;
    let message = importMessage(inserted.length, skipped, failed);
    if (failed < errors.length) message += ` ${cut}`;
    if (leftOut > 0) {
      const max = SONGS_PER_MUSICIAN_MAX.toLocaleString('en');
      message += ` ${fill(messages.importOverSongCap, { max, songs: plural(leftOut, 'song', 'songs') })}`;
    }
    if (enrichment) {
      const songs = plural(enrichment.enriched, 'song', 'songs');
      message += ` ${fill(messages.importEnriched, { songs })}`;
      if (enrichment.remaining > 0) {
        message += ` ${fill(messages.importEnrichRemaining, { count: enrichment.remaining })}`;
      }
    }
    return { songs_added: inserted.length, skipped, message, errors, enrichment };
  }

  return {
    importSongs,

    /**
     * Runs `work` (a preview or an upload, its reading included) unless the musician already has
     * one running on any server process: then a 409 with a sentence, at once.
     */
    async oneAtATime<T>(musicianId: string, work: () => Promise<T>): Promise<T> {
      const outcome = await songImport.oneImportAtATime(musicianId, work);
      if (!outcome.ran) throw conflict(messages.importAlreadyRunning);
      return outcome.value;
    },

    async previewCsv(musicianId: string, text: UploadText): Promise<CsvPreviewResponse> {
      const file = await files.summarise('csv', text);
      return {
        total_rows: file.totalRows,
        valid_rows: file.validRows,
        duplicates: duplicatesOf(file, await songImport.heldKeys(musicianId)),
        errors: file.errors,
        preview: file.preview,
      };
    },

    async uploadCsv(musicianId: string, text: UploadText, autoEnrich: boolean) {
      const { rows, errors } = await files.read('csv', text);
      return importSongs(musicianId, rows, { autoEnrich, errors });
    },

    async previewLst(musicianId: string, text: UploadText): Promise<LstPreviewResponse> {
      const file = await files.summarise('lst', text);
      return {
        total_songs: file.validRows,
        duplicates: duplicatesOf(file, await songImport.heldKeys(musicianId)),
        songs: file.preview,
        errors: file.errors,
      };
    },

    async uploadLst(musicianId: string, text: UploadText, autoEnrich: boolean) {
      const { rows, errors } = await files.read('lst', text);
      return importSongs(musicianId, rows, { autoEnrich, errors });
    },

    /** Ends the file threads (the app is closing). */
    close: () => files.close(),
  };
}

export type SongImportService = ReturnType<typeof songImportService>;
