// OpenStreetMap extract imports (npm run import:osm, server/osm-import/): each extract's runs, and which extract last
// saw each imported business, so a re-import removes exactly the businesses of its own area that vanished.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

type Db = Kysely<unknown>

export const osmImport: Migration = {
  async up(db: Db) {
    // One row per extract (its file name without .osm.pbf, e.g. "washington-latest"): the last run and its figures.
    await db.schema
      .createTable('osm_imports')
      .addColumn('extract', 'text', (c) => c.primaryKey())
      .addColumn('run', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('kept', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .execute()
    // One row per imported business (the items row with feed_id 'osm' and this source_id): the extract and run that
    // last saw it. A row of the extract whose run is not the current one after a complete run has vanished.
    await db.schema
      .createTable('osm_import_items')
      .addColumn('source_id', 'text', (c) => c.primaryKey())
      .addColumn('extract', 'text', (c) => c.notNull())
      .addColumn('run', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('osm_import_items_run').on('osm_import_items').columns(['extract', 'run']).execute()
  },
}
