// Writes imported businesses as the Overpass fetcher's items (feed 'osm', source id 'node/123'), a batch per
// transaction (server/db/queries/osm-import.ts, which also records the extract and run that saw each one).
import type { Db } from '../db/index.ts'
import { writeOsmBatch, type BatchSummary, type OsmItemColumns } from '../db/queries/osm-import.ts'
import { OSM_FEED_ID } from '../feeds/overpass/fetcher.ts'
import { prepareItem } from '../feeds/prepare.ts'
import { columns } from '../feeds/store.ts'
import type { FeedItem } from '../feeds/types.ts'

/**
 * Upserts one batch of businesses by OSM id in one transaction: new ones inserted, changed ones rewritten (a staff
 * lock on the result and a staff hide stand, as in the feed store), unchanged ones only confirmed; and marks each as
 * seen by this extract's run.
 */
export async function writeBatch(db: Db, items: FeedItem[], extract: string, run: string, now: Date): Promise<BatchSummary> {
  if (!items.length) return { added: 0, changed: 0, unchanged: 0 }
  const stamp = now.toISOString()
  const unique = new Map<string, OsmItemColumns>(
    items.map((item) => [item.sourceId, columns(OSM_FEED_ID, prepareItem(item), stamp)]),
  )
  return writeOsmBatch(db, OSM_FEED_ID, unique, extract, run, stamp)
}
