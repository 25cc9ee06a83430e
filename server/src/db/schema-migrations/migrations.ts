/**
 * Every schema migration, by name, for one engine: the one source both engines migrate from.
 * The migrator applies them in the order of their names, so a new one takes the next number.
 * Each is written once with Kysely's schema builder; column-types.ts maps its types and
 * defaults to the engine.
 */
import type { Migration } from 'kysely/migration';
import { baselineMigration } from './baseline/baseline-migration.ts';
import type { Dialect } from './column-types.ts';
import { cardPaymentsMigration } from './card-payments-migration.ts';
import { pushSubscriptionsMigration } from './push-subscriptions-migration.ts';
import { showRecapsMigration } from './show-recaps-migration.ts';
import { songDurationsMigration } from './song-durations-migration.ts';
import { songsVersionMigration } from './songs-version-migration.ts';
import { spentProofsMigration } from './spent-proofs-migration.ts';
import { tipAndContactSourcesMigration } from './tip-and-contact-sources-migration.ts';
import { tipsReceivedMigration } from './tips-received-migration.ts';

export function schemaMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_baseline': baselineMigration(dialect),
    '0002_songs_version': songsVersionMigration(dialect),
    '0003_tip_and_contact_sources': tipAndContactSourcesMigration(dialect),
    '0004_tips_received': tipsReceivedMigration(dialect),
    '0005_card_payments': cardPaymentsMigration(dialect),
    '0006_spent_proofs': spentProofsMigration(dialect),
    '0007_song_durations': songDurationsMigration(dialect),
    '0008_push_subscriptions': pushSubscriptionsMigration(dialect),
    '0009_show_recaps': showRecapsMigration(dialect),
  };
}
