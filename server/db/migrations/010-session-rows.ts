// Sessions as rows (issue 26): one row per sign-in that access tokens name (`sid`) and every request
// checks, so a plain sign-out ends that session's access tokens at once; each refresh token belongs to
// its session and records why it was revoked (a refresh after a sign-out is refused, not taken for theft).
import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const sessionRows: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .addColumn('end_reason', 'text')
      .execute()
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()
    await db.schema.alterTable('refresh_tokens').addColumn('session_id', 'text').execute()
    await db.schema.alterTable('refresh_tokens').addColumn('revoked_reason', 'text').execute()
    await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute()
    // Every refresh token still in use becomes a session of its own, so nobody is signed out by the upgrade.
    await sql`INSERT INTO sessions (id, user_id, created_at)
      SELECT 'legacy-' || id, user_id, created_at FROM refresh_tokens WHERE revoked_at IS NULL`.execute(db)
    await sql`UPDATE refresh_tokens SET session_id = 'legacy-' || id WHERE revoked_at IS NULL`.execute(db)
  },
}
