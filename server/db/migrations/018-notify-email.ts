// Email alerts (issue 24): one row per address and place, unconfirmed until the link in the first email is used (double
// opt-in), with one secret for the confirm and unsubscribe links; what each was told, as for Web Push (migration 017).
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const notifyEmail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('email_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('place', 'text', (c) => c.notNull())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lon', 'double precision', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('min_rank', 'integer', (c) => c.notNull())
      /** 'instant' or 'daily'. */
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      /** SHA-256 of the secret in the confirm and unsubscribe links. */
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_sent_at', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('claimed_by', 'text')
      .addUniqueConstraint('email_subscriptions_address_place', ['email', 'place'])
      .execute()
    await db.schema.createIndex('email_subscriptions_point').on('email_subscriptions').columns(['lat', 'lon']).execute()
    await db.schema
      .createTable('email_told')
      .addColumn('subscription_id', 'text', (c) => c.notNull().references('email_subscriptions.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addPrimaryKeyConstraint('email_told_pk', ['subscription_id', 'item_id', 'version'])
      .execute()
    await db.schema.createIndex('email_told_waiting').on('email_told').columns(['sent_at', 'subscription_id']).execute()
  },
}
