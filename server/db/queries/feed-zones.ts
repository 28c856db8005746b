// NWS zone shapes cached by zone URL (feed_zones; server/feeds/zones.ts): shared by instances, kept for days.
import { sql, type Selectable } from 'kysely'
import type { Db } from '../index.ts'
import type { FeedZonesTable } from '../schema.ts'

export type FeedZoneRow = Selectable<FeedZonesTable>
/** A zone's version from its last answer: the zone's effectiveDate and the answer's validators (migration 025). */
export type ZoneVersion = Pick<FeedZoneRow, 'version' | 'etag' | 'last_modified'>
const NO_VERSION: ZoneVersion = { version: null, etag: null, last_modified: null }

/** Stores a zone's fetched shape (or why it failed) and its version, replacing what was kept. */
export async function saveZone(
  db: Db,
  url: string,
  geometry: string | null,
  error: string | null,
  fetchedAt: string,
  version: ZoneVersion = NO_VERSION,
): Promise<void> {
  const row = { geometry, error, fetched_at: fetchedAt, ...version }
  await db
    .insertInto('feed_zones')
    .values({ url, ...row })
    .onConflict((conflict) => conflict.column('url').doUpdateSet(row))
    .execute()
}

/** Marks a kept zone fetched again without its shape being sent (a 304): its shape and version stay. */
export async function renewZone(db: Db, url: string, fetchedAt: string): Promise<void> {
  await db.updateTable('feed_zones').set({ fetched_at: fetchedAt, error: null }).where('url', '=', url).execute()
}

/** The stored zones among these URLs (the caller keeps the list short: each row may be a large shape). */
export function storedZones(db: Db, urls: string[]): Promise<FeedZoneRow[]> {
  return db.selectFrom('feed_zones').selectAll().where('url', 'in', urls).execute()
}

/** What the zone table keeps, for the feed health: shapes, zones with none yet, and the newest version. */
export async function zoneSummary(db: Db) {
  const row = await db
    .selectFrom('feed_zones')
    .select((eb) => [
      eb.fn.count<number | string>('url').as('zones'),
      eb.fn.count<number | string>('geometry').as('shapes'),
      eb.fn.count<number | string>('version').as('versioned'),
      eb.fn.max('version').as('newest_version'),
      sql<string | null>`min(case when geometry is not null then fetched_at end)`.as('oldest_fetch'),
    ])
    .executeTakeFirst()
  const zones = Number(row?.zones ?? 0)
  const shapes = Number(row?.shapes ?? 0)
  return {
    kept: shapes,
    unavailable: zones - shapes,
    versioned: Number(row?.versioned ?? 0),
    newestVersion: row?.newest_version ?? null,
    oldestFetchedAt: row?.oldest_fetch ?? null,
  }
}
