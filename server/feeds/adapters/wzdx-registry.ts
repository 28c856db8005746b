// The US DOT WZDx Feed Registry (datahub.transportation.gov/resource/69qe-yiui.json, DATA_SOURCES 8.6): one Socrata
// row per publisher feed, read into feed definitions that server/feeds/registry.ts runs as feeds of their own.
import type { Decode } from '../types.ts'
import { httpUrl, isObject, str, type Json } from './feed-read.ts'

/** One registry row as a feed: what server/feeds/registry.ts needs to run (or list) it. */
export type RegistryRow = {
  /** wzdx-<state code>-<slug of the feed name>: stable while the row keeps its state and name. */
  id: string
  state: string | null
  /** The issuing organisation: credited on every item of the feed. */
  publisher: string
  feedName: string
  /** The feed's address, with `{key}` where a key placeholder was printed; null when the row has none usable. */
  url: string | null
  format: string | null
  version: string | null
  active: boolean
  /** The feed wants a key that the registry does not publish: off until FEED_<ID>_KEY is set. */
  needsKey: boolean
  /** Where to ask for the key (the row's apikeyurl). */
  keyUrl: string | null
  /** datafeed_frequency_update in seconds, clamped (MIN_SCHEDULE..MAX_SCHEDULE); DEFAULT_SCHEDULE when unreadable. */
  scheduleSeconds: number
  /** Why the engine cannot read it (format, version), or null. */
  unsupported: string | null
}

export const MIN_SCHEDULE = 60
export const MAX_SCHEDULE = 3600
export const DEFAULT_SCHEDULE = 300
/**
 * Feeds one registry or catalogue may make (the WZDx registry lists ~70, the Mobility Database's US alert feeds a few
 * hundred): a hostile or broken list of 20,000 rows would otherwise become 20,000 feeds. Rows past it are skipped.
 */
export const MAX_REGISTRY_ROWS = 500

/**
 * Keeps the first MAX_REGISTRY_ROWS feeds; the rest count as skipped, and the first error says so (the health row shows it).
 * @example capRows(feeds, errors).feeds.length // at most 500
 */
export function capRows<T>(feeds: T[], errors: string[]): { feeds: T[]; over: number; errors: string[] } {
  const over = Math.max(0, feeds.length - MAX_REGISTRY_ROWS)
  if (!over) return { feeds, over, errors }
  const note = `${feeds.length} feeds listed: only the first ${MAX_REGISTRY_ROWS} are kept (${over} skipped)`
  return { feeds: feeds.slice(0, MAX_REGISTRY_ROWS), over, errors: [note, ...errors].slice(0, 5) }
}

const STATES: Record<string, string> = {
  alabama: 'al',
  alaska: 'ak',
  arizona: 'az',
  arkansas: 'ar',
  california: 'ca',
  colorado: 'co',
  connecticut: 'ct',
  delaware: 'de',
  'district of columbia': 'dc',
  florida: 'fl',
  georgia: 'ga',
  hawaii: 'hi',
  idaho: 'id',
  illinois: 'il',
  indiana: 'in',
  iowa: 'ia',
  kansas: 'ks',
  kentucky: 'ky',
  louisiana: 'la',
  maine: 'me',
  maryland: 'md',
  massachusetts: 'ma',
  michigan: 'mi',
  minnesota: 'mn',
  mississippi: 'ms',
  missouri: 'mo',
  montana: 'mt',
  nebraska: 'ne',
  nevada: 'nv',
  'new hampshire': 'nh',
  'new jersey': 'nj',
  'new mexico': 'nm',
  'new york': 'ny',
  'north carolina': 'nc',
  'north dakota': 'nd',
  ohio: 'oh',
  oklahoma: 'ok',
  oregon: 'or',
  pennsylvania: 'pa',
  'puerto rico': 'pr',
  'rhode island': 'ri',
  'south carolina': 'sc',
  'south dakota': 'sd',
  tennessee: 'tn',
  texas: 'tx',
  utah: 'ut',
  vermont: 'vt',
  virginia: 'va',
  washington: 'wa',
  'west virginia': 'wv',
  wisconsin: 'wi',
  wyoming: 'wy',
}

/** Lower-case words joined by dashes: "Iowa DOT – WZDx v4" to "iowa-dot-wzdx-v4". */
export const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/** "Iowa", "IA", "ia" to "ia"; a name that is not a state ("Multi-state") to its slug. */
export function stateCode(state: string | null): string {
  if (!state) return 'us'
  const lower = state.trim().toLowerCase()
  if (/^[a-z]{2}$/.test(lower)) return lower
  return STATES[lower] ?? (slug(state).slice(0, 12) || 'us')
}

/** Socrata answers checkboxes as booleans; older exports and hand-kept copies say "yes", "Y", "true", "1". */
export function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  const text = str(value)?.toLowerCase()
  if (!text) return null
  if (/^(yes|y|true|t|1|active)$/.test(text)) return true
  if (/^(no|n|false|f|0|inactive)$/.test(text)) return false
  return null
}

/** A Socrata url column is `{ url, description }` in JSON; some copies hold the plain string. */
function rawUrl(value: unknown): string | null {
  if (isObject(value)) return str(value['url'])
  return str(value)
}

const UNITS: Record<string, number> = {
  s: 1,
  sec: 1,
  second: 1,
  m: 60,
  min: 60,
  minute: 60,
  h: 3600,
  hr: 3600,
  hour: 3600,
  d: 86_400,
  day: 86_400,
}

/**
 * "30s", "15m", "24h", "5 minutes", "1 hour", "60" (seconds) as seconds, clamped to a polite range; else the default.
 * @example scheduleOf('15m') // 900
 */
export function scheduleOf(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : (str(value)?.toLowerCase() ?? '')
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*?)s?$/.exec(text)
  if (!match) return DEFAULT_SCHEDULE
  const unit = match[2] ? UNITS[match[2]] : 1
  const seconds = unit ? Number(match[1]) * unit : NaN
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_SCHEDULE
  return Math.round(Math.min(MAX_SCHEDULE, Math.max(MIN_SCHEDULE, seconds)))
}

/** A key placeholder printed in a registered URL: "[your_key]", "{api_key}", "<API KEY>", "YOUR_API_KEY". */
const PLACEHOLDER =
  /[[{<]\s*(?:your[\s_-]*)?(?:api[\s_-]*)?(?:key|token)\s*[\]}>]|\b(?:your|my)[_-]?(?:api[_-]?)?(?:key|token)(?:[_-]?here)?\b/i
/** A query parameter that carries a key or token. */
const KEY_PARAM = /^(?:api[_-]?key|apikey|key|token|access[_-]?token|access[_-]?code|auth|subscription-key)$/i

/**
 * Where the key goes, and whether the row's own URL already holds it. A registered URL with a placeholder gets
 * `{key}` in its place; one with a real token in its key parameter is public (the registry publishes it).
 */
function keyed(url: string, wantsKey: boolean): { url: string; needsKey: boolean } {
  if (PLACEHOLDER.test(url)) return { url: url.replace(PLACEHOLDER, '{key}'), needsKey: true }
  if (!wantsKey) return { url, needsKey: false }
  const params = new URL(url).searchParams
  const printed = [...params.entries()].some(([name, value]) => KEY_PARAM.test(name) && value.length >= 6)
  return { url, needsKey: !printed }
}

const SUPPORTED_FORMATS = /^(geo\s*json|json|wzdx)$/i

function unsupported(format: string | null, version: string | null): string | null {
  if (format && !SUPPORTED_FORMATS.test(format)) return `format ${format} is not read (GeoJSON only)`
  const major = version ? Number(/(\d+)/.exec(version)?.[1]) : NaN
  if (Number.isFinite(major) && (major < 2 || major > 4)) return `WZDx version ${version} is not read (2.0 to 4.x)`
  return null
}

function readRow(row: Json): Omit<RegistryRow, 'id'> & { base: string } {
  const publisher = str(row['issuingorganization']) ?? str(row['issuing_organization']) ?? str(row['organization'])
  const feedName = str(row['feedname']) ?? str(row['feed_name']) ?? str(row['name'])
  if (!publisher && !feedName) throw new Error('row without issuingorganization or feedname')
  const written = rawUrl(row['url'] ?? row['feed_url'] ?? row['api_url'])
  if (!written) throw new Error(`${feedName ?? publisher}: no url`)
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(written) ? written : `https://${written}`
  const address = httpUrl(withScheme.replace(PLACEHOLDER, 'PLACEHOLDERKEY'))
  if (!address) throw new Error(`${feedName ?? publisher}: url is not http(s)`)
  const wantsKey = flag(row['needapikey'] ?? row['need_api_key'] ?? row['apikey']) ?? false
  const { url, needsKey } = keyed(withScheme.trim(), wantsKey)
  const state = str(row['state'])
  const format = str(row['format'])
  const version = str(row['version'])
  return {
    base: `wzdx-${stateCode(state)}-${slug(feedName ?? publisher ?? '')}`,
    state,
    publisher: (publisher ?? feedName)!.slice(0, 150),
    feedName: (feedName ?? publisher)!.slice(0, 150),
    url,
    format,
    version,
    active: flag(row['active']) ?? true,
    needsKey,
    keyUrl: httpUrl(rawUrl(row['apikeyurl'] ?? row['api_key_url'])),
    scheduleSeconds: scheduleOf(row['datafeed_frequency_update'] ?? row['update_frequency']),
    unsupported: unsupported(format, version),
  }
}

/** Ids fit the configuration's rule (63 characters); a second feed with the same state and name gets -2, -3… */
function uniqueId(base: string, taken: Set<string>): string {
  const root = base.slice(0, 58).replace(/-+$/, '')
  let id = root
  for (let n = 2; taken.has(id); n++) id = `${root}-${n}`
  taken.add(id)
  return id
}

/**
 * Decodes the registry's JSON answer (an array of rows) into feed definitions, in `feeds`; it stores no items.
 * A bad row is skipped and counted; a body that is not an array of rows throws.
 * @example decodeWzdxRegistry(body, context).feeds?.[0]?.id // 'wzdx-ia-iowa-dot-work-zones'
 */
export const decodeWzdxRegistry: Decode = (body) => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new Error('WZDx registry: the body is not JSON')
  }
  // Socrata answers a plain array; the dataset's export view wraps it as { data: [...] } in some copies.
  const rows = Array.isArray(json) ? json : isObject(json) && Array.isArray(json['data']) ? json['data'] : null
  if (!rows) throw new Error('WZDx registry: expected an array of rows')
  // An empty answer is a glitch, not a registry without feeds: every feed it made keeps running.
  if (!rows.length) throw new Error('WZDx registry: no rows')
  const feeds: RegistryRow[] = []
  const errors: string[] = []
  const taken = new Set<string>()
  let skipped = 0
  rows.forEach((row: unknown, index) => {
    try {
      if (!isObject(row)) throw new Error('not an object')
      const { base, ...rest } = readRow(row)
      feeds.push({ id: uniqueId(base, taken), ...rest })
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(`row ${index}: ${error instanceof Error ? error.message : String(error)}`)
    }
  })
  const capped = capRows(feeds, errors)
  return { items: [], skipped: skipped + capped.over, errors: capped.errors, feeds: capped.feeds }
}
