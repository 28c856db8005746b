// The Overpass budget's pace (server/feeds/overpass/pace.ts): one row, the time its token bucket is full again.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const overpassPace: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('osm_pace')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('full_at', 'text', (c) => c.notNull())
      .execute()
  },
}
