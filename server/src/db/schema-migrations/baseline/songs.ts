/**
 * The baseline's repertoire: songs, playlists and their songs, and the learn-next suggestions a
 * musician dismissed.
 */
import { sql } from 'kysely';
import { blank, type BuildingBlocks, flag, required, type SchemaDb } from './building-blocks.ts';

export async function createSongTables(db: SchemaDb, b: BuildingBlocks): Promise<void> {
  const { types: t } = b;
  await db.schema
    .createTable('songs')
    .$call(b.id)
    .$call(b.reference('songs', 'musician_id', 'musicians', 'cascade'))
    .addColumn('title', t.type('text'), required)
    .addColumn('artist', t.type('text'), required)
    .addColumn('genres', t.type('textArray'), (c) => c.notNull().defaultTo(t.emptyTextArray))
    .addColumn('moods', t.type('textArray'), (c) => c.notNull().defaultTo(t.emptyTextArray))
    .addColumn('year', t.type('integer'))
    .addColumn('notes', t.type('text'), blank)
    // Who wrote the song, for performing-rights setlist reports.
    .addColumn('songwriter', t.type('text'), blank)
    .addColumn('hidden', t.type('boolean'), flag(false))
    .addColumn('request_count', t.type('integer'), (c) => c.notNull().defaultTo(0))
    .$call(b.timeOfInsert('created_at'))
    .$call(b.timeOfInsert('updated_at'))
    .addCheckConstraint('songs_title_not_blank', sql`length(trim(title)) > 0`)
    .addCheckConstraint('songs_artist_not_blank', sql`length(trim(artist)) > 0`)
    .addCheckConstraint('songs_year_range', sql`year IS NULL OR year BETWEEN 1000 AND 2100`)
    .addCheckConstraint('songs_request_count_nonnegative', sql`request_count >= 0`)
    .execute();
  await b.index('songs_musician_created_idx', 'songs', ['musician_id', 'created_at']).execute();

  await db.schema
    .createTable('playlists')
    .$call(b.id)
    .$call(b.reference('playlists', 'musician_id', 'musicians', 'cascade'))
    .addColumn('name', t.type('text'), required)
    .addColumn('is_public', t.type('boolean'), flag(false))
    .addColumn('is_active', t.type('boolean'), flag(false))
    .$call(b.timeOfInsert('created_at'))
    .$call(b.timeOfInsert('updated_at'))
    .addCheckConstraint('playlists_name_length', sql`length(trim(name)) BETWEEN 1 AND 100`)
    .execute();
  await b.index('playlists_musician_idx', 'playlists', ['musician_id']).execute();
  // The active playlist feeds the audience page: at most one per musician.
  await b
    .index('playlists_one_active_per_musician', 'playlists', ['musician_id'])
    .unique()
    .where(sql<boolean>`is_active`)
    .execute();

  await db.schema
    .createTable('playlist_songs')
    .$call(b.reference('playlist_songs', 'playlist_id', 'playlists', 'cascade'))
    .$call(b.reference('playlist_songs', 'song_id', 'songs', 'cascade'))
    .addColumn('position', t.type('integer'), required)
    .addPrimaryKeyConstraint('playlist_songs_playlist_id_song_id_pk', ['playlist_id', 'song_id'])
    .addCheckConstraint('playlist_songs_position_nonnegative', sql`position >= 0`)
    .execute();
  await b
    .index('playlist_songs_order_idx', 'playlist_songs', ['playlist_id', 'position'])
    .execute();
  await b.index('playlist_songs_song_idx', 'playlist_songs', ['song_id']).execute();

  await db.schema
    .createTable('learn_next_dismissals')
    .$call(b.reference('learn_next_dismissals', 'musician_id', 'musicians', 'cascade'))
    .addColumn('song_key', t.type('text'), required)
    .$call(b.timeOfInsert('created_at'))
    .addPrimaryKeyConstraint('learn_next_dismissals_musician_id_song_key_pk', [
      'musician_id',
      'song_key',
    ])
    .execute();
}
