import type { Selectable } from 'kysely';
import type { SongsTable } from '#server/db/tables.ts';

/**
 * What metadata's enrichment reads of a song and may fill in: the columns an import hands it for
 * the songs it just inserted, and the ones its own "incomplete songs" read selects.
 */
export const ENRICHABLE_SONG_COLUMNS = [
  'id',
  'title',
  'artist',
  'genres',
  'moods',
  'year',
  'songwriter',
  'durationSeconds',
] as const;

export type EnrichableSong = Pick<Selectable<SongsTable>, (typeof ENRICHABLE_SONG_COLUMNS)[number]>;
