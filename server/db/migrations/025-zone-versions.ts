// The version of each kept NWS zone shape (issue 37): the zone's own `effectiveDate`, and its answer's ETag and
// Last-Modified, so a zone due again is asked for conditionally (a 304 keeps the shape without sending it) and the
// feed health says which versions are kept. Shapes stored before stay, with no version until their next fetch.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

const COLUMNS = ['version', 'etag', 'last_modified'] as const

export const zoneVersions: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of COLUMNS) await db.schema.alterTable('feed_zones').addColumn(column, 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    for (const column of COLUMNS) await db.schema.alterTable('feed_zones').dropColumn(column).execute()
  },
}
