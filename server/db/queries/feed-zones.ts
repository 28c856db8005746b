// NWS zone shapes cached by zone URL (feed_zones; server/feeds/zones.ts): shared by instances, kept for days.
import type { Selectable } from 'kysely'
import type { Db } from '../index.ts'
import type { FeedZonesTable } from '../schema.ts'

export type FeedZoneRow = Selectable<FeedZonesTable>

/** Stores a zone's fetched shape (or why it failed), replacing what was kept. */
export async function saveZone(
  db: Db,
  url: string,
  geometry: string | null,
  error: string | null,
  fetchedAt: string,
): Promise<void> {
  await db
    .insertInto('feed_zones')
    .values({ url, geometry, error, fetched_at: fetchedAt })
    .onConflict((conflict) => conflict.column('url').doUpdateSet({ geometry, error, fetched_at: fetchedAt }))
    .execute()
}

/** The stored zones among these URLs (the caller keeps the list short: each row may be a large shape). */
export function storedZones(db: Db, urls: string[]): Promise<FeedZoneRow[]> {
  return db.selectFrom('feed_zones').selectAll().where('url', 'in', urls).execute()
}
