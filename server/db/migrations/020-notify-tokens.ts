// Email link tokens (issue 36): the confirm link's secret is new for every confirmation email, kept as its hash
// (token_hash, as before) with an expiry; unsubscribe links have a secret of their own (server/notify/email.ts).
// Rows from before have no expiry: their confirm links last until the unconfirmed row is pruned (7 days).
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const notifyTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('email_subscriptions').addColumn('token_expires_at', 'text').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('email_subscriptions').dropColumn('token_expires_at').execute()
  },
}
