// Session hardening (issue 15): a per-user token version that earlier access tokens must match,
// the successor a rotated refresh token handed out (for the refresh grace window), and failed
// sign-ins per account (for the account-wide backoff).
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const sessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('refresh_tokens').addColumn('successor_hash', 'text').execute()
  },
}
