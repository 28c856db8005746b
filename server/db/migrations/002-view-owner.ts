// Public item views gain pageName and cityName (for the site's edit controls): every stored view is rebuilt.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { publicView, type ViewRow } from './frozen-view.ts'

export const viewOwner: Migration = {
  async up(db: Kysely<unknown>) {
    const items = db as unknown as Kysely<{ items: ViewRow }>
    let after = 0
    for (;;) {
      const rows = await items.selectFrom('items').selectAll().where('id', '>', after).orderBy('id').limit(500).execute()
      if (!rows.length) return
      for (const row of rows) {
        await items
          .updateTable('items')
          .set({ view: publicView(row) })
          .where('id', '=', row.id)
          .execute()
      }
      after = rows.at(-1)!.id
    }
  },
}
