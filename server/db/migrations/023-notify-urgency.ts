// Urgent first (issue 39): each outbox row keeps the priority rank of the most pressing item waiting in it (0 Critical
// to 7 Low; 8 while a sender holds it and nothing new came), so the sender claims Warning and above in a lane of their
// own, before any Info fan-out.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

export const notifyUrgency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('push_outbox')
      .addColumn('priority_rank', 'integer', (c) => c.notNull().defaultTo(7))
      .execute()
    await db.schema.createIndex('push_outbox_rank_due').on('push_outbox').columns(['priority_rank', 'due_at']).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('push_outbox_rank_due').execute()
    await db.schema.alterTable('push_outbox').dropColumn('priority_rank').execute()
  },
}
