// What the GTFS-realtime feeds keep of their agencies' static GTFS (server/feeds/transit/static-cache.ts): one row per
// feed, refreshed weekly, so every API instance places alerts the same way and a restart needs no download.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

type Db = Kysely<unknown>

export const transitStatic: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('transit_static')
      // The GTFS-realtime feed's id (its items' feed_id).
      .addColumn('feed_id', 'text', (c) => c.primaryKey())
      // The static zip's address the index was read from: a new address is read again at once.
      .addColumn('url', 'text', (c) => c.notNull())
      // The TransitIndex as JSON text (stops, routes, agencies and their boxes); null until a zip was read.
      .addColumn('data', 'text')
      .addColumn('fetched_at', 'text')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      // The last refresh attempt and its error: a failed refresh keeps the old index and waits an hour.
      .addColumn('checked_at', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .execute()
  },
}
