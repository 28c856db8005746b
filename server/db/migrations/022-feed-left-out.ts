// Why a feed's last run left items out, per reason (issue 37): JSON counts such as {"ended":3,"test":1,"duplicate":2,"zones":1}.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const feedLeftOut: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('feeds').addColumn('left_out', 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('feeds').dropColumn('left_out').execute()
  },
}
