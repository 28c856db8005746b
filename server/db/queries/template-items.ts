// The template job's rows (server/jobs/templates.ts): items with a status template, due by next_fetch_at, each claimed
// by moving next_fetch_at from the value read, so a due item is fetched once across instances. next_fetch_at is not
// part of the stored public view, so these are plain UPDATEs rather than updateItem.
import type { Db } from '../index.ts'
import type { ItemRow } from '../schema.ts'

export type DueTemplateItem = Pick<
  ItemRow,
  'id' | 'data_template' | 'link' | 'next_fetch_at' | 'lock_result_until' | 'retrieved' | 'fetch_error'
>

/** Active items with a template whose next read is due, never-read ones first, at most `limit`. */
export function dueTemplateItems(db: Db, now: Date, limit: number): Promise<DueTemplateItem[]> {
  return db
    .selectFrom('items')
    .select(['id', 'data_template', 'link', 'next_fetch_at', 'lock_result_until', 'retrieved', 'fetch_error'])
    .where('data_template', 'is not', null)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('next_fetch_at', 'is', null), eb('next_fetch_at', '<=', now.toISOString())]))
    .orderBy('next_fetch_at', (order) => order.asc().nullsFirst())
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Moves an item's next_fetch_at from `was` to `next`; false when another run moved it first. */
export async function moveNextFetch(db: Db, id: number, was: string | null, next: string): Promise<boolean> {
  const result = await db
    .updateTable('items')
    .set({ next_fetch_at: next })
    .where('id', '=', id)
    .where((eb) => (was === null ? eb('next_fetch_at', 'is', null) : eb('next_fetch_at', '=', was)))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Sets next_fetch_at back to `was` where it is still `claimed`. */
export async function restoreNextFetch(db: Db, id: number, was: string | null, claimed: string): Promise<void> {
  await db.updateTable('items').set({ next_fetch_at: was }).where('id', '=', id).where('next_fetch_at', '=', claimed).execute()
}
