/**
 * Migration 0003: `tips.source` and `contact_messages.source`, where a tip or a contact message
 * came from, keyed as requests' and suggestions' are (submission-source.ts): a keyed hash of the
 * sending address, never the address. A tip's limits and the contact form's are counted by it
 * in the transaction that writes the row, so rotating X-Device-Id or the email does not reset
 * them, and every server process counts the same rows. Rows from before hold none (NULL): they
 * count for no address.
 */
import type { Migration } from 'kysely/migration';
import { columnTypes, type Dialect } from './column-types.ts';

export function tipAndContactSourcesMigration(dialect: Dialect): Migration {
  const types = columnTypes(dialect);
  return {
    async up(db) {
      await db.schema.alterTable('tips').addColumn('source', types.type('text')).execute();
      await db.schema
        .createIndex('tips_musician_source_idx')
        .on('tips')
        .columns(['musician_id', 'source', 'created_at'])
        .execute();
      await db.schema
        .alterTable('contact_messages')
        .addColumn('source', types.type('text'))
        .execute();
      await db.schema
        .createIndex('contact_messages_source_idx')
        .on('contact_messages')
        .columns(['source', 'created_at'])
        .execute();
    },
  };
}
