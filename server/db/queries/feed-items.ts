// A feed's items by where they are: the OpenStreetMap feed replaces a cell's businesses as a whole.
import type { Db } from '../index.ts'

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
