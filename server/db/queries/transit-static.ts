// The static GTFS kept per GTFS-realtime feed (transit_static, migration 014; server/feeds/transit/static-cache.ts).
import type { Selectable } from 'kysely'
import type { Db } from '../index.ts'
import type { TransitStaticTable } from '../schema.ts'

export type TransitStaticRow = Selectable<TransitStaticTable>

/** The feed's stored static GTFS row, if any. */
export function transitStaticRow(db: Db, feedId: string): Promise<TransitStaticRow | undefined> {
  return db.selectFrom('transit_static').selectAll().where('feed_id', '=', feedId).executeTakeFirst()
}

/** Records a check of the feed's static GTFS at `url` (and what it read, when `values` says). */
export async function saveTransitStatic(
  db: Db,
  feedId: string,
  url: string,
  stamp: string,
  values: Partial<Pick<TransitStaticRow, 'data' | 'fetched_at' | 'etag' | 'last_modified' | 'last_error'>>,
): Promise<void> {
  await db
    .insertInto('transit_static')
    .values({ feed_id: feedId, url, checked_at: stamp, ...values })
    .onConflict((conflict) => conflict.column('feed_id').doUpdateSet({ url, checked_at: stamp, ...values }))
    .execute()
}
