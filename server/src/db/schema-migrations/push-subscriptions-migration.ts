/**
 * Migration 0008: the phones to tell when their request changes (issue 47, item 1). One row a
 * browser's push subscription for one request: where its push service takes messages for it
 * (`endpoint`), the keys the messages are encrypted to (RFC 8291), the language and clock it is
 * told in, and when it was told "Up Next". `voter_id` is set when a +1's own status token
 * subscribed: that person is told of their own dedication, never the first requester's. Rows go
 * when the request is played, rejected or deleted, when the show ends, when the push service
 * says the subscription is gone, and after a day whatever happened (features/push-notifications).
 */
import type { Migration } from 'kysely/migration';
import { buildingBlocks, required } from './baseline/building-blocks.ts';
import type { Dialect } from './column-types.ts';

export function pushSubscriptionsMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      const b = buildingBlocks(db, dialect);
      const t = b.types;
      await db.schema
        .createTable('push_subscriptions')
        .$call(b.id)
        .$call(b.reference('push_subscriptions', 'request_id', 'requests', 'cascade'))
        .$call(b.reference('push_subscriptions', 'musician_id', 'musicians', 'cascade'))
        .$call(b.reference('push_subscriptions', 'voter_id', 'request_voters', 'cascade', false))
        .addColumn('endpoint', t.type('text'), required)
        .addColumn('p256dh', t.type('text'), required)
        .addColumn('auth', t.type('text'), required)
        .addColumn('locale', t.type('text'), required)
        .addColumn('time_zone', t.type('text'))
        .addColumn('up_next_sent_at', t.type('timestamp'))
        .$call(b.timeOfInsert('created_at'))
        .execute();
      // The same browser subscribing again for the same request replaces its row.
      await b
        .index('push_subscriptions_request_endpoint_key', 'push_subscriptions', [
          'request_id',
          'endpoint',
        ])
        .unique()
        .execute();
      await b
        .index('push_subscriptions_musician_idx', 'push_subscriptions', ['musician_id'])
        .execute();
      await b
        .index('push_subscriptions_created_idx', 'push_subscriptions', ['created_at'])
        .execute();
    },
  };
}
