// A feed's own position in an incremental source: IPAWS-OPEN's "recent/{timestamp}" is asked from the last alert processed.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const feedCursor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('feeds').addColumn('cursor', 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('feeds').dropColumn('cursor').execute()
  },
}
