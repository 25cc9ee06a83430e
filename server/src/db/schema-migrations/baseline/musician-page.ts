/** The baseline's musician page: its design, uploaded images and the contact form's messages. */
import { sql } from 'kysely';
import { type BuildingBlocks, flag, required, type SchemaDb } from './building-blocks.ts';

export async function createMusicianPageTables(db: SchemaDb, b: BuildingBlocks): Promise<void> {
  const { types: t } = b;
  await db.schema
    .createTable('design_settings')
    .addColumn('musician_id', t.type('id'), (c) => c.primaryKey().notNull())
    .addForeignKeyConstraint(
      'design_settings_musician_id_musicians_id_fk',
      ['musician_id'],
      'musicians',
      ['id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addColumn('color_scheme', t.type('text'), (c) => c.notNull().defaultTo('purple'))
    .addColumn('layout_mode', t.type('text'), (c) => c.notNull().defaultTo('grid'))
    .addColumn('artist_photo', t.type('text'))
    .addColumn('banner_image', t.type('text'))
    .addColumn('show_year', t.type('boolean'), flag(true))
    .addColumn('show_notes', t.type('boolean'), flag(true))
    .addColumn('allow_song_suggestions', t.type('boolean'), flag(true))
    .$call(b.timeOfInsert('updated_at'))
    .addCheckConstraint(
      'design_settings_color_scheme_valid',
      sql`color_scheme IN ('purple', 'blue', 'green', 'red', 'orange')`,
    )
    .addCheckConstraint('design_settings_layout_mode_valid', sql`layout_mode IN ('grid', 'list')`)
    .execute();

  // Uploaded images (artist photo, banner), re-encoded and stripped of metadata before storing.
  await db.schema
    .createTable('images')
    .$call(b.id)
    .$call(b.reference('images', 'musician_id', 'musicians', 'cascade'))
    .addColumn('kind', t.type('text'), required)
    .addColumn('content_type', t.type('text'), required)
    .addColumn('bytes', t.type('bytes'), required)
    .addColumn('width', t.type('integer'), required)
    .addColumn('height', t.type('integer'), required)
    .$call(b.timeOfInsert('created_at'))
    .addCheckConstraint('images_kind_valid', sql`kind IN ('artist_photo', 'banner_image')`)
    .execute();
  await b.index('images_musician_idx', 'images', ['musician_id']).execute();

  await db.schema
    .createTable('contact_messages')
    .$call(b.id)
    .$call(b.reference('contact_messages', 'musician_id', 'musicians', 'set null', false))
    .addColumn('name', t.type('text'), required)
    .addColumn('email', t.type('text'), required)
    .addColumn('message', t.type('text'), required)
    .$call(b.timeOfInsert('created_at'))
    .execute();
  await b.index('contact_messages_created_idx', 'contact_messages', ['created_at']).execute();
}
