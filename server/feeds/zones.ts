// NWS zone shapes for alerts that name zones instead of a polygon: fetched once, cached in the database for days
// with their version, asked for again conditionally, and kept parsed in memory, so a run over hundreds of known
// zones neither reads nor parses them again.
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Db } from '../db/index.ts'
import { renewZone, saveZone, storedZones, type FeedZoneRow, type ZoneVersion } from '../db/queries/feed-zones.ts'
import type { SafeFetchResult } from '../lib/safe-fetch.ts'
import { zonesInWorker } from './decode.ts'
import type { ZoneShape } from './zone-shape.ts'
import type { Bounds } from './types.ts'

const DAY_MS = 86_400_000
/** Zone boundaries change a few times a year: a cached shape is used for a week, then fetched again. */
export const ZONE_MAX_AGE_MS = 7 * DAY_MS
/** A zone that could not be fetched is tried again after an hour. */
export const ZONE_RETRY_MS = 3_600_000
export const ZONE_CONCURRENCY = 4
/** New or renewed zones per feed run; the rest follow on the next runs (a first national run names ~2,000). */
export const ZONE_FETCHES_PER_RUN = 150
/** Zone answers parsed per worker: bounds the texts held at once (a zone answer may be up to 5 MB). */
const ZONES_PER_WORKER = 40
/** Stored zone rows read per query, with a pause between queries (node:sqlite reads synchronously). */
const ROWS_PER_QUERY = 50
/**
 * Stored zone text handed to the worker in one job: the job is copied on the request thread, and 20 M characters held
 * it 115 ms (bench:feeds); 2 M take about a tenth of that.
 */
const CHARS_PER_WORKER = 2_000_000
/**
 * Memory kept for parsed zones, in characters of their polygon text (about 20 a vertex): 40 M is about
 * 2 million vertices, every US forecast, county and fire zone at the 5,000-vertex cap with room to spare.
 * The least recently used zones go first.
 */
export const ZONE_MEMORY_CHARS = 40_000_000

/** Fetches one zone; `headers` asks conditionally (If-None-Match, If-Modified-Since) when a version is kept. */
export type ZoneFetch = (url: string, headers: Record<string, string>) => Promise<SafeFetchResult>
/**
 * A zone as known in memory: its shape (null when it failed and had none), when it was fetched, why it failed,
 * and the version of the shape it has.
 */
type Known = { shape: ZoneShape | null; fetchedAt: string; error?: string | null; version: ZoneVersion }
const NO_VERSION: ZoneVersion = { version: null, etag: null, last_modified: null }
type Memory = { zones: Map<string, Known>; chars: number }

/** One memory per database (tests open several in one process). */
const memories = new WeakMap<Db, Memory>()
const memoryOf = (db: Db): Memory => {
  let found = memories.get(db)
  if (!found) memories.set(db, (found = { zones: new Map(), chars: 0 }))
  return found
}

function keep(memory: Memory, url: string, known: Known): void {
  const before = memory.zones.get(url)
  if (before) {
    memory.chars -= before.shape?.polygons.length ?? 0
    memory.zones.delete(url)
  }
  memory.zones.set(url, known)
  memory.chars += known.shape?.polygons.length ?? 0
  // Oldest use first: a Map keeps insertion order, and a zone used again is inserted again.
  for (const [oldest, entry] of memory.zones) {
    if (memory.chars <= ZONE_MEMORY_CHARS || oldest === url) break
    memory.zones.delete(oldest)
    memory.chars -= entry.shape?.polygons.length ?? 0
  }
}

/** Forgets the zones this instance keeps in memory for `db` (tests). */
export function forgetZones(db: Db): void {
  memories.delete(db)
}

async function eachLimited<T>(list: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const run = async (): Promise<void> => {
    while (next < list.length) await work(list[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, run))
}

const isDue = (known: Known, now: Date): boolean =>
  now.getTime() - Date.parse(known.fetchedAt) > (known.shape ? ZONE_MAX_AGE_MS : ZONE_RETRY_MS)

/**
 * Zones not in memory, or due there, from the table (another instance may have fetched them): read 50 a
 * query with a pause between, parsed in a worker per 2 million characters.
 */
async function readStored(db: Db, memory: Memory, urls: string[], now: Date): Promise<void> {
  let rows: FeedZoneRow[] = []
  let chars = 0
  const remember = async (batch: FeedZoneRow[]): Promise<void> => {
    const texts = batch.filter((row) => row.geometry).map((row): [string, string] => [row.url, row.geometry!])
    const shapes = texts.length ? await zonesInWorker(texts) : new Map<string, ZoneShape | null>()
    for (const row of batch) {
      const kept = memory.zones.get(row.url)
      const shape = shapes.get(row.url) ?? null
      // A stored row replaces what memory has only when it is newer (or memory has none).
      if (kept && kept.fetchedAt >= row.fetched_at && !isDue(kept, now)) continue
      if (kept?.shape && !shape) continue
      const version = { version: row.version, etag: row.etag, last_modified: row.last_modified }
      keep(memory, row.url, { shape, fetchedAt: row.fetched_at, error: row.error, version })
    }
  }
  const parse = async (): Promise<void> => {
    if (rows.length) await remember(rows)
    rows = []
    chars = 0
  }
  for (let at = 0; at < urls.length; at += ROWS_PER_QUERY) {
    const found = await storedZones(db, urls.slice(at, at + ROWS_PER_QUERY))
    for (const row of found) {
      rows.push(row)
      chars += row.geometry?.length ?? 0
    }
    if (chars > CHARS_PER_WORKER) await parse()
    await nextTurn()
  }
  await parse()
}

/** The validators of a kept shape, as conditional request headers; none when there is no shape to keep. */
function conditional(known: Known | undefined): Record<string, string> {
  if (!known?.shape) return {}
  const { etag, last_modified: lastModified } = known.version
  return { ...(etag ? { 'if-none-match': etag } : {}), ...(lastModified ? { 'if-modified-since': lastModified } : {}) }
}

/**
 * Fetches zones (conditionally when a version is kept), parses the answers in a worker, stores and remembers them.
 * A 304 keeps the shape as it is; a zone that fails keeps its old shape.
 */
async function fetchZones(db: Db, memory: Memory, urls: string[], fetchZone: ZoneFetch, now: Date): Promise<void> {
  const fetchedAt = now.toISOString()
  for (let at = 0; at < urls.length; at += ZONES_PER_WORKER) {
    const answers = new Map<string, SafeFetchResult>()
    await eachLimited(urls.slice(at, at + ZONES_PER_WORKER), ZONE_CONCURRENCY, async (url) => {
      answers.set(url, await fetchZone(url, conditional(memory.zones.get(url))))
    })
    const texts = [...answers].flatMap(([url, answer]): [string, string][] =>
      answer.ok && !answer.notModified ? [[url, answer.text]] : [],
    )
    let shapes = new Map<string, ZoneShape | null>()
    try {
      if (texts.length) shapes = await zonesInWorker(texts)
    } catch {
      // Reported below per zone as not a zone geometry.
    }
    for (const [url, answer] of answers) {
      const shape = shapes.get(url) ?? null
      const old = memory.zones.get(url)
      if (answer.ok && answer.notModified && old?.shape) {
        keep(memory, url, { ...old, fetchedAt, error: null })
        await renewZone(db, url, fetchedAt)
        continue
      }
      if (shape && answer.ok) {
        const version = { version: shape.version, etag: answer.etag, last_modified: answer.lastModified }
        keep(memory, url, { shape, fetchedAt, version })
        await saveZone(db, url, `{"type":"MultiPolygon","coordinates":[${shape.polygons}]}`, null, fetchedAt, version)
        continue
      }
      const error = answer.ok ? 'Not a zone geometry' : answer.error
      if (old?.shape) {
        // Keep the shape we had, and its version; try again after ZONE_RETRY_MS rather than on every run.
        const keptAt = new Date(now.getTime() - ZONE_MAX_AGE_MS + ZONE_RETRY_MS).toISOString()
        keep(memory, url, { shape: old.shape, fetchedAt: keptAt, version: old.version })
        const text = `{"type":"MultiPolygon","coordinates":[${old.shape.polygons}]}`
        await saveZone(db, url, text, error, keptAt, old.version)
      } else {
        keep(memory, url, { shape: null, fetchedAt, error, version: NO_VERSION })
        await saveZone(db, url, null, error, fetchedAt)
      }
    }
  }
}

/**
 * Shapes of every zone URL it can: kept in memory, else read from the table (younger than a week), then up
 * to ZONE_FETCHES_PER_RUN fetched now (missing first, then the oldest, conditionally when a version is kept),
 * 4 at a time. Every parse happens in a worker thread; a zone that fails keeps its old shape if it had one.
 */
export async function resolveZones(
  db: Db,
  urls: string[],
  fetchZone: ZoneFetch,
  now: Date,
  fetchesPerRun = ZONE_FETCHES_PER_RUN,
): Promise<Map<string, ZoneShape>> {
  const memory = memoryOf(db)
  const wanted = [...new Set(urls)]
  const unknown = wanted.filter((url) => {
    const known = memory.zones.get(url)
    return !known || isDue(known, now)
  })
  if (unknown.length) await readStored(db, memory, unknown, now)
  const missing: string[] = []
  const old: string[] = []
  for (const url of unknown) {
    const known = memory.zones.get(url)
    if (!known) missing.push(url)
    else if (isDue(known, now)) old.push(url)
  }
  const toFetch = [...missing, ...old].slice(0, fetchesPerRun)
  if (toFetch.length) await fetchZones(db, memory, toFetch, fetchZone, now)
  const found = new Map<string, ZoneShape>()
  for (const url of wanted) {
    const known = memory.zones.get(url)
    if (!known?.shape) continue
    found.set(url, known.shape)
    // Used now: the last to be forgotten.
    memory.zones.delete(url)
    memory.zones.set(url, known)
  }
  return found
}

/**
 * The union of an item's zones as MultiPolygon text, with the middle of its box; null when none is known yet.
 * Joined as text: no zone is parsed again on the thread that answers requests.
 */
export function zonesGeometry(
  zones: string[],
  known: Map<string, ZoneShape>,
): { text: string; lat: number; lon: number; bounds: Bounds } | null {
  const shapes = [...new Set(zones)].flatMap((zone) => known.get(zone) ?? [])
  if (!shapes.length) return null
  let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const { box } of shapes) {
    minLon = Math.min(minLon, box[0])
    minLat = Math.min(minLat, box[1])
    maxLon = Math.max(maxLon, box[2])
    maxLat = Math.max(maxLat, box[3])
  }
  return {
    text: `{"type":"MultiPolygon","coordinates":[${shapes.map((shape) => shape.polygons).join(',')}]}`,
    lat: (minLat + maxLat) / 2,
    lon: (minLon + maxLon) / 2,
    bounds: [minLon, minLat, maxLon, maxLat],
  }
}

/** Zones named in a withheld note before the rest are counted. */
const NOTE_ZONES = 5

/**
 * Why alerts wait for their zones, for the feed's health (`lastError`): how many, which zones have no shape yet,
 * and the last error fetching one; null when none waits.
 * @example withheldNote(db, ['https://api.weather.gov/zones/forecast/WAZ558'], 1) // 'Withheld 1 alert: zone shape unavailable for WAZ558 (HTTP 503)'
 */
export function withheldNote(db: Db, zones: string[], alerts: number): string | null {
  if (!alerts) return null
  const memory = memoryOf(db)
  const missing = [...new Set(zones)].filter((url) => !memory.zones.get(url)?.shape)
  const names = missing.slice(0, NOTE_ZONES).map((url) => url.replace(/^.*\/zones\//, ''))
  const more = missing.length > NOTE_ZONES ? ` +${missing.length - NOTE_ZONES}` : ''
  const error = missing.map((url) => memory.zones.get(url)?.error).find(Boolean) ?? 'not fetched yet'
  const what = `${alerts} alert${alerts === 1 ? '' : 's'}`
  return `Withheld ${what}: zone shape unavailable for ${names.join(', ')}${more} (${error})`
}
