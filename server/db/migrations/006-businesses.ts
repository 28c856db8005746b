// Local businesses from OpenStreetMap: which cells were fetched and when, and the Overpass requests made each day.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

type Db = Kysely<unknown>

export const businesses: Migration = {
  async up(db: Db) {
    // One row per 0.05° cell a visitor opened: the weekly refresh and the "loading" state read it.
    await db.schema
      .createTable('osm_cells')
      .addColumn('cell', 'text', (c) => c.primaryKey())
      .addColumn('lat', 'double precision', (c) => c.notNull())
      .addColumn('lon', 'double precision', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('fetched_at', 'text')
      .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('last_error_at', 'text')
      .execute()
    await db.schema.createIndex('osm_cells_fetched').on('osm_cells').column('fetched_at').execute()
    // Requests per UTC day, counted in the database so restarts and several instances share one budget.
    await db.schema
      .createTable('osm_requests')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
