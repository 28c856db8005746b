// A Mobility Database catalogue row (adapters/gtfs-rt-catalog.ts) as the configuration of a GTFS-realtime alerts
// feed, the way server/feeds/registry.ts makes WZDx feeds of the WZDx Feed Registry's rows.
import type { CatalogRow } from '../adapters/gtfs-rt-catalog.ts'
import { envName, operatorUrl, type Feed } from '../config.ts'
import { GTFS_RT_ADAPTER } from './static-cache.ts'

export const TRANSIT_CATALOG_ADAPTER = 'gtfs-rt-catalog'
/** Alert feeds are small (a big city's runs to a few hundred kB); 10 MB leaves room and stops a runaway body. */
const MAX_BYTES = 10_000_000
const TIMEOUT_SECONDS = 30

type Env = Record<string, string | undefined>

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []

/** Why a listed row does not run, shown in its health row's name; null when it runs. */
function offReason(row: CatalogRow, catalogue: Feed, keyEnv: string | null, env: Env): string | null {
  if (!catalogue.enabled) return 'catalogue off'
  if (strings(catalogue.options['exclude']).includes(row.id)) return 'excluded in feeds.json'
  if (!row.active) return 'inactive in the catalogue'
  if (row.unsupported) return row.unsupported
  if (keyEnv && !env[keyEnv]) return `needs a key: set ${keyEnv}`
  if (!row.url) return `needs its URL with {key}: set ${envName(row.id, 'URL')}`
  return null
}

/**
 * The feed configuration of a catalogue row: adapter gtfs-rt, every two minutes, its static GTFS in
 * options.staticUrl, the agency credited (linked to its licence when the catalogue has one). A row whose
 * feed wants a key is off until FEED_<ID>_KEY and FEED_<ID>_URL (with {key}) are set (e.g. FEED_GTFS_RT_1234_KEY):
 * the key goes only into the operator's URL, never the catalogue's (config.ts operatorUrl). An operator's
 * override (options.overrides[id] of the catalogue feed) wins.
 * @example transitFeedConfig(row, catalogue, {}).adapter // 'gtfs-rt'
 */
export function transitFeedConfig(row: CatalogRow, catalogue: Feed, env: Env = process.env): Record<string, unknown> {
  const overrides = catalogue.options['overrides']
  const override =
    typeof overrides === 'object' && overrides !== null
      ? (overrides as Record<string, Record<string, unknown>>)[row.id]
      : undefined
  const keyEnv = row.needsKey ? envName(row.id, 'KEY') : null
  const url = row.needsKey ? null : row.url
  const off = offReason({ ...row, url: url ?? operatorUrl(row.id, override, env) }, catalogue, keyEnv, env)
  const where = row.state ? ` (${row.state})` : ''
  return {
    id: row.id,
    name: `${row.feedName}${where}${off ? ` · off: ${off}` : ''}`.slice(0, 200),
    adapter: GTFS_RT_ADAPTER,
    url,
    keyEnv,
    enabled: off === null,
    scheduleSeconds: row.scheduleSeconds,
    maxBytes: MAX_BYTES,
    timeoutSeconds: TIMEOUT_SECONDS,
    accept: 'application/x-protobuf, application/octet-stream;q=0.9, */*;q=0.5',
    options: { staticUrl: row.staticUrl, provider: row.publisher },
    attribution: { name: row.publisher, url: row.license ?? `https://mobilitydatabase.org/feeds/mdb-${row.mdbId}` },
    notes:
      `From the Mobility Database catalogue (${catalogue.id}): source ${row.mdbId}${row.keyUrl ? `; key from ${row.keyUrl}` : ''}${row.needsKey && row.url ? `; listed at ${row.url}` : ''}.`.slice(
        0,
        2000,
      ),
    ...override,
  }
}
