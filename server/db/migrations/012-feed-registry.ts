// The rows of feed registries (the WZDx Feed Registry): each becomes a feed of its own (server/feeds/registry.ts).
// Kept in the database so every API instance runs the same feeds, and a restart runs them before the daily re-read.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

type Db = Kysely<unknown>

export const feedRegistry: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('feed_registry')
      // The feed id made from the row (wzdx-<state>-<slug>): the feed_id of its items and its feeds row.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('registry_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      // The decoded row (server/feeds/adapters/wzdx-registry.ts RegistryRow) as JSON text.
      .addColumn('row', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      // When the row left the registry: its feed stops and its items end at the next sweep.
      .addColumn('removed_at', 'text')
      .execute()
  },
}
