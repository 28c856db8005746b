// The rows registry feeds list (feed_registry, migration 012; server/feeds/registry.ts): each a feed of its own,
// marked removed when its registry stops listing it.
import type { Selectable } from 'kysely'
import type { Db } from '../index.ts'
import type { FeedRegistryTable } from '../schema.ts'

/**
 * Keeps a registry's rows after a good run, in its order: new and returning rows are listed, rows it no longer lists
 * are marked removed. The ids marked removed.
 */
export async function saveRegistryRows(
  db: Db,
  registryId: string,
  rows: { id: string; json: string }[],
  stamp: string,
): Promise<string[]> {
  for (const [position, row] of rows.entries()) {
    const values = { registry_id: registryId, position, row: row.json, seen_at: stamp, removed_at: null }
    await db
      .insertInto('feed_registry')
      .values({ id: row.id, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute()
  }
  const listed = new Set(rows.map((row) => row.id))
  const before = await db
    .selectFrom('feed_registry')
    .select('id')
    .where('registry_id', '=', registryId)
    .where('removed_at', 'is', null)
    .execute()
  const removed = before.map((row) => row.id).filter((id) => !listed.has(id))
  if (removed.length) await db.updateTable('feed_registry').set({ removed_at: stamp }).where('id', 'in', removed).execute()
  return removed
}

/** Every row of these registries, listed or removed, in each registry's order. */
export function registryRows(db: Db, registryIds: string[]): Promise<Selectable<FeedRegistryTable>[]> {
  return db
    .selectFrom('feed_registry')
    .selectAll()
    .where('registry_id', 'in', registryIds)
    .orderBy('registry_id')
    .orderBy('position')
    .execute()
}

/** The rows listed now (of any registry): id and row JSON. */
export function listedRegistryRows(db: Db): Promise<{ id: string; row: string }[]> {
  return db.selectFrom('feed_registry').select(['id', 'row']).where('removed_at', 'is', null).execute()
}
