// Owner links end: each item's edit key gets an expiry (docs/security.md, "Who may change what"). Keys issued
// before this migration had none; they get 30 days from the migration, so no owner is cut off without notice.
import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/** Days the keys that already exist keep working (frozen here: not read from today's configuration). */
const EXISTING_KEY_DAYS = 30

export const ownerKeyExpiry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('items').addColumn('edit_key_expires_at', 'text').execute()
    const until = new Date(Date.now() + EXISTING_KEY_DAYS * 86_400_000).toISOString()
    await sql`update items set edit_key_expires_at = ${until} where edit_key_hash is not null`.execute(db)
  },
}
