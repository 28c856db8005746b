// The item change log (migration 007): every item write adds a row; the reaction's lists read it to drop what
// changed, and the feed engine's sweep prunes it, noting in item_changes_pruned how far.
import { sql } from 'kysely'
import type { Db } from '../index.ts'

/** The newest change's number (0 when the log is empty). */
export async function latestChange(db: Db): Promise<number> {
  const { rows } = await sql<{ seq: number | string }>`select coalesce(max(seq), 0) as seq from item_changes`.execute(db)
  return Number(rows[0]?.seq ?? 0)
}

/** The changes after `cursor` in order, and how far the log has been pruned. */
export async function changesSince(
  db: Db,
  cursor: number,
): Promise<{ through: number; changes: { seq: number; itemId: number }[] }> {
  const { rows } = await sql<{ through: number | string; seq: number | string | null; item_id: number | null }>`
    select p.through, c.seq, c.item_id from item_changes_pruned p left join item_changes c on c.seq > ${cursor}
    where p.id = 1 order by c.seq`.execute(db)
  const changes = rows.flatMap((row) => (row.seq === null ? [] : [{ seq: Number(row.seq), itemId: row.item_id! }]))
  return { through: Number(rows[0]?.through ?? 0), changes }
}

/** Where the items are now: each one's page and grid cells (a row per cell, cell null when it has none). */
export function placesOfItems(db: Db, ids: number[]): Promise<{ page_name: string | null; cell: number | null }[]> {
  return db
    .selectFrom('items')
    .leftJoin('item_cells', 'item_cells.item_id', 'items.id')
    .select(['items.page_name', 'item_cells.cell'])
    .where('items.id', 'in', ids)
    .execute()
}

/** Deletes the changes up to `through` and notes it, in one transaction; the number of rows deleted. */
export function pruneChangesThrough(db: Db, through: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`update item_changes_pruned set through = ${through} where id = 1 and through < ${through}`.execute(trx)
    const deleted = await sql`delete from item_changes where seq <= ${through}`.execute(trx)
    return Number(deleted.numAffectedRows ?? 0)
  })
}
