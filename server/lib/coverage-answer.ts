// The coverage answer (server/lib/coverage.ts) built from the feed configuration, the registries' rows and the feeds'
// health rows, at most once a minute per database: GET /api/coverage serves it, and the reaction answer reads each
// section's health from it (section-health.ts).
import type { Db } from '../db/index.ts'
import { listedRegistryRows } from '../db/queries/feed-registry.ts'
import { feedRows } from '../db/queries/feeds.ts'
import { loadFeedsConfig } from '../feeds/config.ts'
import { businessHealth } from '../feeds/overpass/health.ts'
import { businessFetcher } from '../feeds/overpass/start.ts'
import { registryFeeds } from '../feeds/registry.ts'
import { countFeedItems } from '../feeds/store.ts'
import { coverage, type CoverageAnswer, type ListedRow } from './coverage.ts'

/** Health changes by the minute at most; one answer per instance a minute keeps the page cheap to ask. */
export const COVERAGE_TTL_MS = 60_000

type Kept = { at: number; answer: Promise<CoverageAnswer> }
const kept = new WeakMap<Db, Kept>()

async function build(db: Db, now: Date): Promise<CoverageAnswer> {
  // Read on each build, as the feed-health panel does, so the answer follows the configuration the engine runs.
  const config = loadFeedsConfig()
  const [rows, counts, listed, registry] = await Promise.all([
    feedRows(db),
    countFeedItems(db),
    registryFeeds(db, config),
    listedRegistryRows(db),
  ])
  const rowsById = new Map<string, ListedRow>()
  for (const stored of registry) {
    try {
      const row = JSON.parse(stored.row) as Partial<ListedRow>
      rowsById.set(stored.id, { state: row.state ?? null, active: row.active !== false, unsupported: row.unsupported ?? null })
    } catch {
      // A row that does not parse is left out of the registry's feeds too (server/feeds/registry.ts).
    }
  }
  const businesses = await businessHealth(db, businessFetcher(db), now)
  return coverage({
    feeds: [...config.feeds, ...listed.feeds],
    listed: rowsById,
    rows,
    counts,
    businesses,
    env: process.env,
    now,
  })
}

/** The full answer, built at most once a minute per database; a failed build is not kept. */
export function coverageAnswer(db: Db, now: Date): Promise<CoverageAnswer> {
  const known = kept.get(db)
  if (known && now.getTime() - known.at < COVERAGE_TTL_MS && now.getTime() >= known.at) return known.answer
  const answer = build(db, now)
  kept.set(db, { at: now.getTime(), answer })
  answer.catch(() => kept.delete(db))
  return answer
}
