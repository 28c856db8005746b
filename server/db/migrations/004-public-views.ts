// Public item views stop carrying the status template (its url may hold a key): every stored view is rebuilt.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { publicView, type ViewRow } from './frozen-view.ts'

export const publicViews: Migration = {
  async up(db: Kysely<unknown>) {
    const items = db as unknown as Kysely<{ items: ViewRow }>
    let after = 0
    for (;;) {
      const rows = await items.selectFrom('items').selectAll().where('id', '>', after).orderBy('id').limit(500).execute()
      if (!rows.length) return
      for (const row of rows) {
        const view = publicView(row)
        if (view !== row.view) await items.updateTable('items').set({ view }).where('id', '=', row.id).execute()
      }
      after = rows.at(-1)!.id
    }
  },
}
