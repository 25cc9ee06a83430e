/**
 * Migration 0005: card payments through Stripe (issue 45). A card tip or a paid request is a
 * `payments` row from the moment Checkout opens; Stripe's signed webhook, not the phone, makes it
 * 'paid' (and a refund 'refunded'). `payment_events` holds the id of every event acted on, so a
 * replayed webhook is counted once. Card tips live here only: `tips` stays the payment-app tips
 * the phone claims (its CHECK on platform could not change on SQLite without rebuilding it).
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { blank, buildingBlocks, required } from './baseline/building-blocks.ts';
import type { Dialect } from './column-types.ts';

export function cardPaymentsMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      const b = buildingBlocks(db, dialect);
      const t = b.types;
      await db.schema
        .alterTable('musicians')
        .addColumn('stripe_account_id', t.type('text'))
        .execute();
      // Own-account mode: the musician's switch. Connect: the account's charges_enabled.
      await db.schema
        .alterTable('musicians')
        .addColumn('card_payments_enabled', t.type('boolean'), (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('musicians')
        .addColumn('paid_request_price', t.type('money'))
        .execute();
      await db.schema.alterTable('requests').addColumn('payment', t.type('text')).execute();

      await db.schema
        .createTable('payments')
        .$call(b.id)
        .$call(b.reference('payments', 'musician_id', 'musicians', 'cascade'))
        .$call(b.reference('payments', 'request_id', 'requests', 'set null', false))
        .addColumn('kind', t.type('text'), required)
        .addColumn('amount', t.type('money'), required)
        .addColumn('currency', t.type('text'), (c) => c.notNull().defaultTo('usd'))
        .addColumn('fee', t.type('money'))
        .addColumn('status', t.type('text'), (c) => c.notNull().defaultTo('open'))
        .addColumn('checkout_session_id', t.type('text'))
        .addColumn('payment_intent_id', t.type('text'))
        .addColumn('tipper_name', t.type('text'), blank)
        .addColumn('message', t.type('text'), blank)
        .addColumn('submission', t.type('text'))
        .addColumn('status_token_hash', t.type('text'))
        .addColumn('held_request_id', t.type('id'))
        .addColumn('refund_reason', t.type('text'))
        .$call(b.timeOfInsert('created_at'))
        .addColumn('paid_at', t.type('timestamp'))
        .addColumn('refunded_at', t.type('timestamp'))
        .addCheckConstraint('payments_kind_valid', sql`kind IN ('tip', 'request')`)
        .addCheckConstraint(
          'payments_status_valid',
          sql`status IN ('open', 'paid', 'refunded', 'expired')`,
        )
        .addCheckConstraint('payments_amount_range', sql`amount > 0 AND amount <= 500`)
        .execute();
      await b
        .index('payments_checkout_session_key', 'payments', ['checkout_session_id'])
        .unique()
        .execute();
      await b.index('payments_payment_intent_idx', 'payments', ['payment_intent_id']).execute();
      await b.index('payments_request_idx', 'payments', ['request_id']).execute();
      await b.index('payments_status_token_idx', 'payments', ['status_token_hash']).execute();
      await b
        .index('payments_musician_created_idx', 'payments', ['musician_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('id', t.type('text'), (c) => c.primaryKey().notNull())
        .$call(b.timeOfInsert('created_at'))
        .execute();
    },
  };
}
