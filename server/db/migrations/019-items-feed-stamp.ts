// The notifier looks up the items a feed run wrote by (feed_id, updated_at): without this index each lookup read
// every row of the feed, geometry included (92 ms for a run of 5,000 road events, holding requests; bench:feeds).
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const itemsFeedStamp: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('items_feed_stamp').on('items').columns(['feed_id', 'updated_at']).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('items_feed_stamp').execute()
  },
}
