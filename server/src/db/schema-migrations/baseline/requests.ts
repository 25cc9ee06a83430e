/**
 * The baseline's show night: shows, the audience's requests and their +1s, blocked requesters,
 * clicks on a request's tip and social links, song suggestions and tips.
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

export async function createRequestTables(db: SchemaDb, b: BuildingBlocks): Promise<void> {
  const { types: t } = b;
  await db.schema
    .createTable('shows')
    .$call(b.id)
    .$call(b.reference('shows', 'musician_id', 'musicians', 'cascade'))
    .addColumn('name', t.type('text'), required)
    .addColumn('status', t.type('text'), (c) => c.notNull().defaultTo('active'))
    .$call(b.timeOfInsert('date'))
    .addColumn('venue_name', t.type('text'), blank)
    .addColumn('venue_address', t.type('text'), blank)
    .addColumn('performed_on', t.type('day'))
    .addColumn('stopped_at', t.type('timestamp'))
    .$call(b.timeOfInsert('created_at'))
    .$call(b.timeOfInsert('updated_at'))
    .addCheckConstraint('shows_status_valid', sql`status IN ('active', 'stopped', 'archived')`)
    .addCheckConstraint('shows_name_not_blank', sql`length(trim(name)) > 0`)
    .execute();
  await b.index('shows_musician_date_idx', 'shows', ['musician_id', 'date']).execute();
  // At most one running show per musician.
  await b
    .index('shows_one_active_per_musician', 'shows', ['musician_id'])
    .unique()
    .where(sql<boolean>`status = 'active'`)
    .execute();

  await createRequests(db, b);

  await db.schema
    .createTable('request_voters')
    .$call(b.id)
    .$call(b.reference('request_voters', 'request_id', 'requests', 'cascade'))
    .$call(b.reference('request_voters', 'musician_id', 'musicians', 'cascade'))
    .addColumn('requester_name', t.type('text'), required)
    .addColumn('requester_email', t.type('text'), required)
    .addColumn('dedication', t.type('text'), blank)
    .addColumn('tip_amount', t.type('money'), (c) => c.notNull().defaultTo(0))
    .addColumn('device_id', t.type('text'), blank)
    .addColumn('idempotency_key', t.type('text'))
    .addColumn('status_token_hash', t.type('text'))
    .addColumn('source', t.type('text'))
    .$call(b.timeOfInsert('created_at'))
    .execute();
  const voterIndexes: [string, (string | ReturnType<typeof lower>)[]][] = [
    ['request_voters_request_idx', ['request_id']],
    // The flood guard reads a musician's newest +1s in order.
    ['request_voters_musician_created_idx', ['musician_id', 'created_at']],
    ['request_voters_musician_email_idx', ['musician_id', lower('requester_email'), 'created_at']],
    ['request_voters_musician_device_idx', ['musician_id', 'device_id', 'created_at']],
    ['request_voters_musician_source_idx', ['musician_id', 'source', 'created_at']],
  ];
  for (const [name, columns] of voterIndexes) {
    await b.index(name, 'request_voters', columns).execute();
  }
  await b
    .index('request_voters_idempotency_key', 'request_voters', ['musician_id', 'idempotency_key'])
    .unique()
    .execute();
  await b
    .index('request_voters_status_token_hash_key', 'request_voters', ['status_token_hash'])
    .unique()
    .execute();

  await db.schema
    .createTable('blocked_requesters')
    .$call(b.id)
    .$call(b.reference('blocked_requesters', 'musician_id', 'musicians', 'cascade'))
    .addColumn('email', t.type('text'), blank)
    .addColumn('device_id', t.type('text'), blank)
    .addColumn('requester_name', t.type('text'), blank)
    .$call(b.timeOfInsert('created_at'))
    .execute();
  await b.index('blocked_requesters_musician_idx', 'blocked_requesters', ['musician_id']).execute();

  await db.schema
    .createTable('request_clicks')
    .$call(b.id)
    .$call(b.reference('request_clicks', 'request_id', 'requests', 'cascade'))
    .addColumn('type', t.type('text'), required)
    .addColumn('platform', t.type('text'), required)
    .$call(b.timeOfInsert('created_at'))
    .addCheckConstraint('request_clicks_type_valid', sql`type IN ('tip', 'social')`)
    .execute();
  // One click per request, type and platform: tapping Venmo ten times is one click.
  await b
    .index('request_clicks_request_type_platform_key', 'request_clicks', [
      'request_id',
      'type',
      'platform',
    ])
    .unique()
    .execute();

  await db.schema
    .createTable('song_suggestions')
    .$call(b.id)
    .$call(b.reference('song_suggestions', 'musician_id', 'musicians', 'cascade'))
    .addColumn('suggested_title', t.type('text'), required)
    .addColumn('suggested_artist', t.type('text'), required)
    .addColumn('requester_name', t.type('text'), required)
    .addColumn('requester_email', t.type('text'), required)
    .addColumn('message', t.type('text'), blank)
    .addColumn('status', t.type('text'), (c) => c.notNull().defaultTo('pending'))
    .addColumn('idempotency_key', t.type('text'))
    .addColumn('source', t.type('text'))
    .$call(b.timeOfInsert('created_at'))
    .$call(b.timeOfInsert('updated_at'))
    .addCheckConstraint(
      'song_suggestions_status_valid',
      sql`status IN ('pending', 'added', 'rejected')`,
    )
    .execute();
  await b
    .index('song_suggestions_musician_created_idx', 'song_suggestions', [
      'musician_id',
      'created_at',
    ])
    .execute();
  await b
    .index('song_suggestions_musician_source_idx', 'song_suggestions', [
      'musician_id',
      'source',
      'created_at',
    ])
    .execute();
  await b
    .index('song_suggestions_idempotency_key', 'song_suggestions', [
      'musician_id',
      'idempotency_key',
    ])
    .unique()
    .execute();

  await db.schema
    .createTable('tips')
    .$call(b.id)
    .$call(b.reference('tips', 'musician_id', 'musicians', 'cascade'))
    .$call(b.reference('tips', 'request_id', 'requests', 'set null', false))
    .addColumn('amount', t.type('money'), required)
    .addColumn('platform', t.type('text'), required)
    .addColumn('tipper_name', t.type('text'), (c) => c.notNull().defaultTo('Anonymous'))
    .addColumn('message', t.type('text'), blank)
    .addColumn('idempotency_key', t.type('text'))
    .addColumn('device_id', t.type('text'), blank)
    .$call(b.timeOfInsert('created_at'))
    .addCheckConstraint('tips_amount_range', sql`amount > 0 AND amount <= 500`)
    .addCheckConstraint(
      'tips_platform_valid',
      sql`platform IN ('paypal', 'venmo', 'cashapp', 'zelle')`,
    )
    .execute();
  await b.index('tips_musician_created_idx', 'tips', ['musician_id', 'created_at']).execute();
  await b
    .index('tips_musician_device_idx', 'tips', ['musician_id', 'device_id', 'created_at'])
    .execute();
  await b
    .index('tips_idempotency_key', 'tips', ['musician_id', 'idempotency_key'])
    .unique()
    .execute();
}

async function createRequests(db: SchemaDb, b: BuildingBlocks): Promise<void> {
  const { types: t } = b;
  await db.schema
    .createTable('requests')
    .$call(b.id)
    .$call(b.reference('requests', 'musician_id', 'musicians', 'cascade'))
    // The song may later be deleted; the request keeps its title and artist.
    .$call(b.reference('requests', 'song_id', 'songs', 'set null', false))
    // Deleting a show removes its requests (spec section 4).
    .$call(b.reference('requests', 'show_id', 'shows', 'cascade', false))
    .addColumn('song_title', t.type('text'), required)
    .addColumn('song_artist', t.type('text'), required)
    .addColumn('requester_name', t.type('text'), required)
    .addColumn('requester_email', t.type('text'), required)
    .addColumn('dedication', t.type('text'), blank)
    .addColumn('status', t.type('text'), (c) => c.notNull().defaultTo('pending'))
    .addColumn('tip_amount', t.type('money'), (c) => c.notNull().defaultTo(0))
    .addColumn('tip_clicked', t.type('boolean'), flag(false))
    .addColumn('idempotency_key', t.type('text'))
    .addColumn('status_token_hash', t.type('text'))
    .addColumn('device_id', t.type('text'), blank)
    .addColumn('source', t.type('text'))
    .addColumn('votes', t.type('integer'), (c) => c.notNull().defaultTo(1))
    .addColumn('blocked', t.type('boolean'), flag(false))
    .addColumn('queue_position', t.type('integer'))
    // A new request goes last: its arrival in seconds outranks the small ranks a move assigns.
    .addColumn('queue_rank', t.type('double'), (c) => c.notNull().defaultTo(t.nowInSeconds))
    .addColumn('previous_status', t.type('text'))
    .addColumn('status_changed_at', t.type('timestamp'))
    .addColumn('played_at', t.type('timestamp'))
    .$call(b.timeOfInsert('created_at'))
    .$call(b.timeOfInsert('updated_at'))
    .addCheckConstraint('requests_votes_positive', sql`votes >= 1`)
    .addCheckConstraint(
      'requests_status_valid',
      sql`status IN ('pending', 'accepted', 'up_next', 'played', 'rejected')`,
    )
    .addCheckConstraint('requests_tip_range', sql`tip_amount >= 0 AND tip_amount <= 500`)
    .execute();
  const indexes: [string, (string | ReturnType<typeof lower>)[]][] = [
    ['requests_musician_created_idx', ['musician_id', 'created_at']],
    ['requests_musician_updated_idx', ['musician_id', 'updated_at']],
    ['requests_musician_email_idx', ['musician_id', lower('requester_email'), 'created_at']],
    ['requests_musician_device_idx', ['musician_id', 'device_id', 'created_at']],
    ['requests_musician_source_idx', ['musician_id', 'source', 'created_at']],
    ['requests_show_idx', ['show_id']],
  ];
  for (const [name, columns] of indexes) await b.index(name, 'requests', columns).execute();
  // The songs played or coming up: the no-repeats rule's admission check and song list.
  await b
    .index('requests_musician_song_played_idx', 'requests', ['musician_id', 'song_id', 'played_at'])
    .where(sql<boolean>`status IN ('up_next', 'played')`)
    .execute();
  // A musician's open requests, and those holding a queue position: the queue's renumbering.
  await b
    .index('requests_musician_open_idx', 'requests', ['musician_id'])
    .where(sql<boolean>`status IN ('pending', 'accepted', 'up_next')`)
    .execute();
  await b
    .index('requests_musician_positioned_idx', 'requests', ['musician_id'])
    .where(sql<boolean>`queue_position IS NOT NULL`)
    .execute();
  await b
    .index('requests_idempotency_key', 'requests', ['musician_id', 'idempotency_key'])
    .unique()
    .execute();
  await b
    .index('requests_status_token_hash_key', 'requests', ['status_token_hash'])
    .unique()
    .execute();
}
