/**
 * The baseline's accounts: musicians and how they sign in (sessions, paired stage devices, OIDC,
 * password resets), their old slugs, feed tokens and the server's own secrets.
 */
import { sql } from 'kysely';
import {
  blank,
  type BuildingBlocks,
  flag,
  lower,
  required,
  type SchemaDb,
} from './building-blocks.ts';

/**
 * A slug is lower-case words of letters and digits joined by single hyphens. PostgreSQL says it
 * with a regular expression; SQLite has none built in, so it says the same with GLOB patterns.
 */
const slugFormat = {
  postgres: sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`,
  sqlite: sql`slug <> '' AND slug NOT GLOB '*[^a-z0-9-]*' AND slug NOT GLOB '-*'
    AND slug NOT GLOB '*-' AND slug NOT GLOB '*--*'`,
};

export async function createAccountTables(db: SchemaDb, b: BuildingBlocks): Promise<void> {
  const { types: t } = b;
  await db.schema
    .createTable('musicians')
    .$call(b.id)
    .addColumn('name', t.type('text'), required)
    .addColumn('email', t.type('text'), required)
    .addColumn('slug', t.type('text'), required)
    .addColumn('password_hash', t.type('text'), required)
    .addColumn('bio', t.type('text'), blank)
    .addColumn('website', t.type('text'), blank)
    .addColumn('venmo_link', t.type('text'), blank)
    .addColumn('paypal_username', t.type('text'), blank)
    .addColumn('venmo_username', t.type('text'), blank)
    .addColumn('cash_app_username', t.type('text'), blank)
    .addColumn('zelle_email', t.type('text'), blank)
    .addColumn('zelle_phone', t.type('text'), blank)
    .addColumn('instagram_username', t.type('text'), blank)
    .addColumn('facebook_username', t.type('text'), blank)
    .addColumn('tiktok_username', t.type('text'), blank)
    .addColumn('spotify_artist_url', t.type('text'), blank)
    .addColumn('apple_music_artist_url', t.type('text'), blank)
    .addColumn('venmo_enabled', t.type('boolean'), flag(true))
    .addColumn('paypal_enabled', t.type('boolean'), flag(true))
    .addColumn('cash_app_enabled', t.type('boolean'), flag(true))
    .addColumn('zelle_enabled', t.type('boolean'), flag(true))
    .addColumn('tips_enabled', t.type('boolean'), flag(true))
    .addColumn('requests_enabled', t.type('boolean'), flag(true))
    .addColumn('queue_order', t.type('text'), (c) => c.notNull().defaultTo('arrival'))
    .addColumn('requests_open_at', t.type('timestamp'))
    .addColumn('requests_close_at', t.type('timestamp'))
    .addColumn('requests_window_announced_at', t.type('timestamp'))
    .addColumn('repeat_rule', t.type('text'), (c) => c.notNull().defaultTo('allow'))
    .addColumn('repeat_hours', t.type('integer'), (c) => c.notNull().defaultTo(3))
    .addColumn('venue_screen_enabled', t.type('boolean'), flag(true))
    .addColumn('venue_screen_dedications', t.type('boolean'), flag(false))
    .addColumn('public_queue', t.type('boolean'), flag(false))
    .addColumn('oidc_issuer', t.type('text'))
    .addColumn('oidc_subject', t.type('text'))
    .$call(b.timeOfInsert('created_at'))
    .$call(b.timeOfInsert('updated_at'))
    .addCheckConstraint('musicians_slug_format', slugFormat[b.dialect])
    .addCheckConstraint(
      'musicians_repeat_rule_valid',
      sql`repeat_rule IN ('allow', 'show', 'hours')`,
    )
    .addCheckConstraint('musicians_repeat_hours_range', sql`repeat_hours BETWEEN 1 AND 72`)
    .execute();
  await b
    .index('musicians_email_lower_key', 'musicians', [lower('email')])
    .unique()
    .execute();
  await b
    .index('musicians_oidc_account_key', 'musicians', ['oidc_issuer', 'oidc_subject'])
    .unique()
    .execute();
  await b.index('musicians_slug_key', 'musicians', ['slug']).unique().execute();

  await db.schema
    .createTable('stage_devices')
    .$call(b.id)
    .$call(b.reference('stage_devices', 'musician_id', 'musicians', 'cascade'))
    .addColumn('name', t.type('text'), blank)
    .addColumn('code_hash', t.type('text'), required)
    .addColumn('code_expires_at', t.type('timestamp'), required)
    .addColumn('claimed_at', t.type('timestamp'))
    .addColumn('last_seen_at', t.type('timestamp'))
    .$call(b.timeOfInsert('created_at'))
    .execute();
  await b.index('stage_devices_code_hash_key', 'stage_devices', ['code_hash']).unique().execute();
  await b.index('stage_devices_musician_idx', 'stage_devices', ['musician_id']).execute();

  await db.schema
    .createTable('auth_sessions')
    .$call(b.id)
    .$call(b.reference('auth_sessions', 'musician_id', 'musicians', 'cascade'))
    .addColumn('token_hash', t.type('text'), required)
    // 'musician' may do everything; 'stage' (a paired stage device) only works the queue.
    .addColumn('scope', t.type('text'), (c) => c.notNull().defaultTo('musician'))
    .$call(b.reference('auth_sessions', 'stage_device_id', 'stage_devices', 'cascade', false))
    .$call(b.timeOfInsert('created_at'))
    .addColumn('expires_at', t.type('timestamp'), required)
    .addColumn('revoked_at', t.type('timestamp'))
    .addCheckConstraint('auth_sessions_scope_valid', sql`scope IN ('musician', 'stage')`)
    .execute();
  await b.index('auth_sessions_token_hash_key', 'auth_sessions', ['token_hash']).unique().execute();
  await b.index('auth_sessions_musician_idx', 'auth_sessions', ['musician_id']).execute();
  await b.index('auth_sessions_stage_device_idx', 'auth_sessions', ['stage_device_id']).execute();

  await db.schema
    .createTable('oidc_flows')
    .$call(b.id)
    .addColumn('state_hash', t.type('text'), required)
    .addColumn('code_verifier', t.type('text'), required)
    .addColumn('nonce', t.type('text'), required)
    .addColumn('expires_at', t.type('timestamp'), required)
    .$call(b.timeOfInsert('created_at'))
    .addUniqueConstraint('oidc_flows_state_hash_unique', ['state_hash'])
    .execute();

  await db.schema
    .createTable('oidc_signups')
    .$call(b.id)
    .addColumn('token_hash', t.type('text'), required)
    .addColumn('issuer', t.type('text'), required)
    .addColumn('subject', t.type('text'), required)
    .addColumn('email', t.type('text'), required)
    .addColumn('expires_at', t.type('timestamp'), required)
    .$call(b.timeOfInsert('created_at'))
    .addUniqueConstraint('oidc_signups_token_hash_unique', ['token_hash'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .$call(b.id)
    .$call(b.reference('password_resets', 'musician_id', 'musicians', 'cascade'))
    .addColumn('code_hash', t.type('text'), required)
    .addColumn('expires_at', t.type('timestamp'), required)
    .addColumn('used_at', t.type('timestamp'))
    .$call(b.timeOfInsert('created_at'))
    .execute();
  await b
    .index('password_resets_musician_idx', 'password_resets', ['musician_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('password_reset_guesses')
    .addColumn('email_hash', t.type('text'), required)
    .addColumn('address', t.type('text'), required)
    .addColumn('attempts', t.type('integer'), required)
    .addColumn('expires_at', t.type('timestamp'), required)
    .addPrimaryKeyConstraint('password_reset_guesses_email_hash_address_pk', [
      'email_hash',
      'address',
    ])
    .execute();
  await b
    .index('password_reset_guesses_expires_idx', 'password_reset_guesses', ['expires_at'])
    .execute();

  await db.schema
    .createTable('musician_slug_history')
    .addColumn('slug', t.type('text'), (c) => c.primaryKey().notNull())
    .$call(b.reference('musician_slug_history', 'musician_id', 'musicians', 'cascade'))
    .$call(b.timeOfInsert('created_at'))
    .execute();
  await b
    .index('musician_slug_history_musician_idx', 'musician_slug_history', ['musician_id'])
    .execute();

  await db.schema
    .createTable('feed_tokens')
    .$call(b.id)
    .$call(b.reference('feed_tokens', 'musician_id', 'musicians', 'cascade'))
    .addColumn('name', t.type('text'), blank)
    .addColumn('token_hash', t.type('text'), required)
    .addColumn('last_used_at', t.type('timestamp'))
    .$call(b.timeOfInsert('created_at'))
    .execute();
  await b.index('feed_tokens_token_hash_key', 'feed_tokens', ['token_hash']).unique().execute();
  await b.index('feed_tokens_musician_idx', 'feed_tokens', ['musician_id']).execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', t.type('text'), (c) => c.primaryKey().notNull())
    .addColumn('value', t.type('text'), required)
    .execute();
}
