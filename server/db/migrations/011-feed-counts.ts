// Feeds: how many items the last run withheld (alerts waiting for their zone shapes) and how many records it skipped.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

type Db = Kysely<unknown>

export const feedCounts: Migration = {
  async up(db: Db) {
    await db.schema
      .alterTable('feeds')
      .addColumn('withheld', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('feeds')
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
