// The business fetcher as a pseudo-feed in the feed-health panel (GET /api/feeds): requests today against the budget.
import type { Db } from '../../db/index.ts'
import { countItemsOfFeed } from '../../db/queries/feed-items.ts'
import { cellSummary, requestsOn } from '../../db/queries/osm-cells.ts'
import { OSM_ATTRIBUTION } from './decode.ts'
import { OSM_FEED_ID, type BusinessFetcher } from './fetcher.ts'

/** Same fields as the engine's feed health, plus today's requests, the budget and the areas it has fetched. */
export async function businessHealth(db: Db, fetcher: BusinessFetcher | null, now: Date) {
  const [summary, requestsToday, items] = await Promise.all([
    cellSummary(db),
    requestsOn(db, now.toISOString().slice(0, 10)),
    countItemsOfFeed(db, OSM_FEED_ID),
  ])
  const budget = fetcher?.options.dailyBudget ?? 0
  return {
    id: OSM_FEED_ID,
    // A name like the other feeds'; the panel says the counts below in the editor's language.
    name: 'Local businesses (OpenStreetMap via Overpass)',
    adapter: 'overpass',
    enabled: !!fetcher,
    schedule: Math.round((fetcher?.options.refreshMs ?? 0) / 1000),
    lastRunAt:
      [summary.lastSuccessAt, summary.lastErrorAt]
        .filter((at) => at !== null)
        .sort()
        .at(-1) ?? null,
    lastSuccessAt: summary.lastSuccessAt,
    lastError: summary.lastError,
    lastErrorAt: summary.lastErrorAt,
    itemCount: items,
    nextRunAt: null,
    failures: 0,
    stale: false,
    attribution: OSM_ATTRIBUTION,
    requestsToday,
    dailyBudget: budget,
    areas: summary.cells,
  }
}
