// Public item views carry when an item starts and ends (startsAt, endsAt): the views of items that have either are
// rebuilt. The others read as having neither until their next write, which is what they say.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { publicView, type ViewRow } from './frozen-view.ts'

export const itemTimes: Migration = {
  async up(db: Kysely<unknown>) {
    const items = db as unknown as Kysely<{ items: ViewRow }>
    let after = 0
    for (;;) {
      const rows = await items
        .selectFrom('items')
        .selectAll()
        .where('id', '>', after)
        .where((eb) => eb.or([eb('starts_at', 'is not', null), eb('expires_at', 'is not', null)]))
        .orderBy('id')
        .limit(500)
        .execute()
      if (!rows.length) return
      for (const row of rows) {
        const view = publicView(row)
        if (view !== row.view) await items.updateTable('items').set({ view }).where('id', '=', row.id).execute()
      }
      after = rows.at(-1)!.id
    }
  },
}
