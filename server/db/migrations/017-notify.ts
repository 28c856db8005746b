// Web Push (issue 24): browser subscriptions with their places and preferences, the queue of item writes the
// notifier reads, what each subscriber was told (never twice for one item and text), and the send queue, claimed
// with a lease like feeds so several instances share it. Only what sending needs is kept (docs/notifications.md).
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectKind } from './index.ts'

export function notify(kind: DialectKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('last_sent_at', 'text')
        .execute()
      await db.schema
        .createTable('push_places')
        .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lon', 'double precision', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        /** Comma-separated sections: statuses, roads. */
        .addColumn('sections', 'text', (c) => c.notNull())
        /** The lowest priority told, as its rank (0 Critical … 7 Low). */
        .addColumn('min_rank', 'integer', (c) => c.notNull())
        /** Quiet hours as minutes after local midnight; both null for none. */
        .addColumn('quiet_start', 'integer')
        .addColumn('quiet_end', 'integer')
        .addPrimaryKeyConstraint('push_places_pk', ['subscription_id', 'place'])
        .execute()
      await db.schema.createIndex('push_places_point').on('push_places').columns(['lat', 'lon']).execute()
      await db.schema.createIndex('push_places_place').on('push_places').column('place').execute()
      // One row per item write (staff) or per feed run (every item of the feed written at `stamp`).
      await db.schema
        .createTable('notify_events')
        .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('item_id', 'integer')
        .addColumn('feed_id', 'text')
        .addColumn('stamp', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('claimed_by', 'text')
        .execute()
      // What a subscriber is (or was) told: an item at one of their places, in one text version. Kept for the retention
      // period so an item and text is never told twice; sent_at null while it waits in the subscriber's burst.
      await db.schema
        .createTable('push_told')
        .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addPrimaryKeyConstraint('push_told_pk', ['subscription_id', 'item_id', 'version'])
        .execute()
      await db.schema.createIndex('push_told_created').on('push_told').column('created_at').execute()
      // One row per subscriber with something waiting: sent once due (the burst's end, or quiet hours' end), claimed.
      await db.schema
        .createTable('push_outbox')
        .addColumn('subscription_id', 'text', (c) => c.primaryKey().references('push_subscriptions.id').onDelete('cascade'))
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', 'text')
        .addColumn('claimed_by', 'text')
        .execute()
      await db.schema.createIndex('push_outbox_due').on('push_outbox').column('due_at').execute()
    },
  }
}
