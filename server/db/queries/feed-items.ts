// A feed's items: by where they are (the OpenStreetMap feed replaces a cell's businesses as a whole), by source id,
// and what a feed run and the scheduler's sweep read and write of them in bulk (server/feeds/store.ts).
import type { Db } from '../index.ts'
import type { ItemRow } from '../schema.ts'

/** South and north latitudes, west and east longitudes; the south and west edges are inside, the others not. */
export type Bounds = { south: number; west: number; north: number; east: number }

/** A feed's items (id and source id) whose point lies within the bounds. */
export function feedItemsWithin(db: Db, feedId: string, bounds: Bounds): Promise<{ id: number; source_id: string | null }[]> {
  const { south, west, north, east } = bounds
  return db
    .selectFrom('items')
    .select(['id', 'source_id'])
    .where('feed_id', '=', feedId)
    .where('lat', '>=', south)
    .where('lat', '<', north)
    .where('lon', '>=', west)
    .where('lon', '<', east)
    .execute()
}

/** How many items a feed has now. */
export async function countItemsOfFeed(db: Db, feedId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('feed_id', '=', feedId)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** The items of these feeds with one of these source ids (the caller keeps the lists to a few hundred). */
export function feedItemsBySource(
  db: Db,
  feedIds: string[],
  sourceIds: string[],
): Promise<{ id: number; source_id: string | null }[]> {
  return db
    .selectFrom('items')
    .select(['id', 'source_id'])
    .where('feed_id', 'in', feedIds)
    .where('source_id', 'in', sourceIds)
    .execute()
}

/** Every item of a feed: id and source id. */
export function feedItemSources(db: Db, feedId: string): Promise<{ id: number; source_id: string | null }[]> {
  return db.selectFrom('items').select(['id', 'source_id']).where('feed_id', '=', feedId).execute()
}

/** What a feed run compares each decoded item with: the stored row's id, hash, lock and staleness, by source id. */
export type StoredFeedItem = Pick<ItemRow, 'id' | 'source_id' | 'source_hash' | 'lock_result_until' | 'is_old'>

export function storedFeedItems(db: Db, feedId: string): Promise<StoredFeedItem[]> {
  return db
    .selectFrom('items')
    .select(['id', 'source_id', 'source_hash', 'lock_result_until', 'is_old'])
    .where('feed_id', '=', feedId)
    .execute()
}

/** The ids of a feed's items; only the old ones (1) or the current ones (0) when `isOld` is given. */
export async function feedItemIds(db: Db, feedId: string, isOld?: 0 | 1): Promise<number[]> {
  let query = db.selectFrom('items').select('id').where('feed_id', '=', feedId)
  if (isOld !== undefined) query = query.where('is_old', '=', isOld)
  return (await query.execute()).map((row) => row.id)
}

/** Sets these items as fetched at `stamp` (provenance only: not part of the public view). The caller pages. */
export async function touchItems(db: Db, ids: number[], stamp: string): Promise<void> {
  await db.updateTable('items').set({ fetched_at: stamp }).where('id', 'in', ids).execute()
}

/** Ends the items of these feeds at `stamp` (those not ended already); how many. */
export async function expireFeedItems(db: Db, feedIds: string[], stamp: string): Promise<number> {
  const result = await db
    .updateTable('items')
    .set({ expires_at: stamp })
    .where('feed_id', 'in', feedIds)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', stamp)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Up to `limit` feed items that ended before `before`. */
export async function endedFeedItemIds(db: Db, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('feed_id', 'is not', null)
    .where('expires_at', '<', before)
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/** Deletes these item rows in one statement (the sweep's ended items; staff deletes go through deleteItem). */
export async function deleteItemRows(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('items').where('id', 'in', ids).execute()
}

/** How many items each feed has. */
export async function itemCountsByFeed(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('items')
    .select((eb) => ['feed_id', eb.fn.countAll<number>().as('count')])
    .where('feed_id', 'is not', null)
    .groupBy('feed_id')
    .execute()
  return new Map(rows.map((row) => [row.feed_id!, Number(row.count)]))
}
