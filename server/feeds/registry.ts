// Feeds of feeds: a registry feed (adapter wzdx-registry) is fetched like any feed, once a day; its rows are kept in
// feed_registry and each becomes a feed of its own, with its own id, schedule, health row and publisher credit.
import type { Db } from '../db/index.ts'
import { registryRows, saveRegistryRows as saveRows } from '../db/queries/feed-registry.ts'
import { MAX_REGISTRY_ROWS, type RegistryRow } from './adapters/wzdx-registry.ts'
import { envName, operatorUrl, resolveFeed, type Feed, type FeedsConfig } from './config.ts'
import type { CatalogRow } from './adapters/gtfs-rt-catalog.ts'
import { TRANSIT_CATALOG_ADAPTER, transitFeedConfig } from './transit/catalog-feeds.ts'

export const REGISTRY_ADAPTER = 'wzdx-registry'
/** Linked beside the health row of every feed a registry made. */
const REGISTRY_PAGE = 'https://data.transportation.gov/d/69qe-yiui'
/** WZDx feeds of a whole state run to tens of MB (New York's ~1,100 work zones, Iowa's lines). */
const MAX_BYTES = 50_000_000
const TIMEOUT_SECONDS = 60

type Env = Record<string, string | undefined>
/** Operator settings of a registry feed in feeds.json: `options.exclude` (ids) and `options.overrides` (id to fields). */
type RegistryOptions = { exclude: Set<string>; overrides: Record<string, Record<string, unknown>> }

function registryOptions(registry: Feed): RegistryOptions {
  const exclude = registry.options['exclude']
  const overrides = registry.options['overrides']
  return {
    exclude: new Set(Array.isArray(exclude) ? exclude.filter((id): id is string => typeof id === 'string') : []),
    overrides:
      typeof overrides === 'object' && overrides !== null && !Array.isArray(overrides)
        ? (overrides as Record<string, Record<string, unknown>>)
        : {},
  }
}

/** Why a listed row does not run, in the name the health panel shows; null when it runs. */
function offReason(row: RegistryRow, registry: Feed, excluded: boolean, keyEnv: string | null, env: Env): string | null {
  if (!registry.enabled) return 'registry off'
  if (excluded) return 'excluded in feeds.json'
  if (!row.active) return 'inactive in the registry'
  if (row.unsupported) return row.unsupported
  if (keyEnv && !env[keyEnv]) return `needs a key: set ${keyEnv}`
  if (!row.url) return keyEnv ? `needs its URL with {key}: set ${envName(row.id, 'URL')}` : 'no usable URL'
  return null
}

/**
 * A registry row as a feed configuration: adapter wzdx, the row's own schedule, the publisher credited on every item.
 * A row that needs a key is off until FEED_<ID>_KEY and FEED_<ID>_URL (with {key}) are set: the key goes only into
 * the operator's URL (operatorUrl). An operator's override (options.overrides[id]) wins.
 * @example registryFeedConfig(row, registry, {}).id // 'wzdx-ia-iowa-dot-work-zones'
 */
export function registryFeedConfig(row: RegistryRow, registry: Feed, env: Env = process.env): Record<string, unknown> {
  const { exclude, overrides } = registryOptions(registry)
  const keyEnv = row.needsKey ? envName(row.id, 'KEY') : null
  const url = row.needsKey ? null : row.url
  const off = offReason(
    { ...row, url: url ?? operatorUrl(row.id, overrides[row.id], env) },
    registry,
    exclude.has(row.id),
    keyEnv,
    env,
  )
  const where = row.state ? ` (${row.state})` : ''
  return {
    id: row.id,
    name: `${row.feedName}${where}${off ? ` · off: ${off}` : ''}`.slice(0, 200),
    adapter: 'wzdx',
    url,
    keyEnv,
    enabled: off === null,
    scheduleSeconds: row.scheduleSeconds,
    maxBytes: MAX_BYTES,
    timeoutSeconds: TIMEOUT_SECONDS,
    accept: 'application/geo+json, application/json',
    options: { attributionName: row.publisher },
    attribution: { name: row.publisher, url: REGISTRY_PAGE },
    notes:
      `From the WZDx Feed Registry (${registry.id}): ${row.publisher}, WZDx ${row.version ?? '?'}${row.keyUrl ? `; key from ${row.keyUrl}` : ''}${row.needsKey && row.url ? `; listed at ${row.url}` : ''}.`.slice(
        0,
        2000,
      ),
    ...overrides[row.id],
  }
}

/**
 * Keeps a registry's rows after a good run: new and returning rows are listed, rows it no longer lists are
 * marked removed (their feeds stop; their items end at the scheduler's next sweep).
 */
export async function saveRegistryRows(
  db: Db,
  registryId: string,
  rows: RegistryRow[],
  now: Date,
): Promise<{ removed: string[] }> {
  // The adapters cap their rows (capRows); kept here too, so no adapter can hand the scheduler more.
  const removed = await saveRows(
    db,
    registryId,
    rows.slice(0, MAX_REGISTRY_ROWS).map((row) => ({ id: row.id, json: JSON.stringify(row) })),
    now.toISOString(),
  )
  return { removed }
}

export type RegistryFeeds = {
  /** Every listed row as a feed, on or off, in the registry's order after the configured feeds. */
  feeds: Feed[]
  /** Ids whose items must end: rows that left the registry. */
  gone: string[]
}

/**
 * The feeds the configured registries list now. A row whose id a configured feed already has is that feed (the
 * file wins); a row that fails the configuration's checks (a bad override) is left out with a log line.
 */
export async function registryFeeds(db: Db, config: FeedsConfig, env: Env = process.env): Promise<RegistryFeeds> {
  // The Mobility Database catalogue (transit/catalog-feeds.ts) lists GTFS-realtime feeds the same way.
  const registries = config.feeds.filter((feed) => feed.adapter === REGISTRY_ADAPTER || feed.adapter === TRANSIT_CATALOG_ADAPTER)
  if (!registries.length) return { feeds: [], gone: [] }
  const configured = new Set(config.feeds.map((feed) => feed.id))
  const rows = await registryRows(
    db,
    registries.map((feed) => feed.id),
  )
  const feeds: Feed[] = []
  const gone: string[] = []
  /** Listed rows per registry: rows kept before the cap (issue 36) wait past it until the registry's next run. */
  const listed = new Map<string, number>()
  for (const stored of rows) {
    if (configured.has(stored.id)) continue
    if (stored.removed_at) {
      gone.push(stored.id)
      continue
    }
    const count = (listed.get(stored.registry_id) ?? 0) + 1
    listed.set(stored.registry_id, count)
    if (count > MAX_REGISTRY_ROWS) continue
    const registry = registries.find((feed) => feed.id === stored.registry_id)!
    try {
      const row = JSON.parse(stored.row) as RegistryRow
      const made =
        registry.adapter === TRANSIT_CATALOG_ADAPTER
          ? transitFeedConfig(row as CatalogRow, registry, env)
          : registryFeedConfig(row, registry, env)
      feeds.push(resolveFeed(registry.group, made, env))
    } catch (error) {
      console.error(`feeds: ${registry.id}: ${error instanceof Error ? error.message : 'bad row'}`)
    }
  }
  return { feeds, gone }
}
