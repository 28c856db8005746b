// Feeds: their run state (claims, conditional-request validators, backoff), item provenance, and cached NWS zone shapes.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

type Db = Kysely<unknown>

export const feeds: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('feeds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('last_run_at', 'text')
      .addColumn('last_success_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_run_at', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_until', 'text')
      .addColumn('claimed_by', 'text')
      .execute()

    // Provenance of feed items; staff-made items leave these null.
    await db.schema.alterTable('items').addColumn('feed_id', 'text').execute()
    await db.schema.alterTable('items').addColumn('source_id', 'text').execute()
    await db.schema.alterTable('items').addColumn('source_hash', 'text').execute()
    await db.schema.alterTable('items').addColumn('fetched_at', 'text').execute()
    await db.schema.alterTable('items').addColumn('starts_at', 'text').execute()
    await db.schema.alterTable('items').addColumn('expires_at', 'text').execute()
    await db.schema.alterTable('items').addColumn('geometry', 'text').execute()
    await db.schema.alterTable('items').addColumn('attribution', 'text').execute()
    // The upsert key: NULLs are distinct on both databases, so staff items never collide.
    await db.schema.createIndex('items_source').on('items').columns(['feed_id', 'source_id']).unique().execute()
    await db.schema.createIndex('items_expires').on('items').column('expires_at').execute()

    await db.schema
      .createTable('feed_zones')
      .addColumn('url', 'text', (c) => c.primaryKey())
      .addColumn('geometry', 'text')
      .addColumn('error', 'text')
      .addColumn('fetched_at', 'text', (c) => c.notNull())
      .execute()
  },
}
