// GET /api/reaction's work: the answer for a point assembled from the items kept per grid cell (reaction-cells.ts),
// written straight into one buffer from the items' stored views, cached a few seconds, gzip when the caller takes it.
import { gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { haversineKm } from '../../src/lib/geo.ts'
import { ASPECTS, CAMERAS_CAP } from '../../src/lib/items.ts'
import { cellsForPoint } from '../db/queries/grid.ts'
import type { AppEnv } from '../env.ts'
import { distanceToShape } from '../feeds/geometry.ts'
import { requestBusinesses, withLocalPending } from '../feeds/overpass/pending.ts'
import { cityIndex } from './cities.ts'
import { coverageAnswer } from './coverage-answer.ts'
import { clientSource } from './http.ts'
import { healthJson, pointState } from './section-health.ts'
import { cellCandidates, pageCandidates, syncLists, type Candidate } from './reaction-cells.ts'

const KM_PER_MILE = 1.609344
/** Points' states, per 0.1° cell (section-health.ts pointState). */
const states = new Map<string, string | null>()
/** Answers smaller than this go uncompressed (gzip's header and the work are not worth it). */
const GZIP_MIN_BYTES = 1024

type Found = { item: Candidate; miles: number }
/** Bytes Hono can send (a Buffer over a plain ArrayBuffer). */
type Bytes = Buffer<ArrayBuffer>

const byPriorityThenDistance = (a: Found, b: Found): number =>
  a.item.rank - b.item.rank || a.miles - b.miles || a.item.order - b.item.order || a.item.id - b.item.id

/**
 * The four sections for a point as JSON bytes: the items of the point's cells whose reach holds it
 * plus the page's own items (wherever they are), for everyone (layer 0) and the asked test layer, not
 * past their end; each section sorted by priority, then distance, then the staff's order; cameras
 * capped at 60. An item with a shape holds the point within its reach of the shape (0 inside a
 * polygon), and its distance is to the shape. Each message is the stored view with the distance
 * (miles, one decimal) put first.
 */
export function reactionBody(
  lat: number,
  lon: number,
  cells: readonly (readonly Candidate[])[],
  ofPage: readonly Candidate[],
  layer: number,
  now: string,
  health?: Readonly<Record<(typeof ASPECTS)[number], string>>,
): Bytes {
  const sections: Found[][] = ASPECTS.map(() => [])
  const seen = new Set<number>()
  const shown = (item: Candidate): boolean =>
    item.aspect >= 0 &&
    (item.layer === 0 || (layer !== 0 && item.layer === layer)) &&
    (item.expiresAt === null || item.expiresAt > now) &&
    !seen.has(item.id)
  for (const item of ofPage) {
    if (!shown(item)) continue
    const miles = item.shape
      ? distanceToShape(lat, lon, item.shape, Infinity)
      : haversineKm(lat, lon, item.lat, item.lon) / KM_PER_MILE
    seen.add(item.id)
    sections[item.aspect]!.push({ item, miles })
  }
  for (const cell of cells) {
    for (const item of cell) {
      // The grid's box first (as the database's index did), then the exact reach.
      if (lat < item.minLat || lat > item.maxLat || lon < item.minLon || lon > item.maxLon || !shown(item)) continue
      const miles = item.shape
        ? distanceToShape(lat, lon, item.shape, item.reach)
        : haversineKm(lat, lon, item.lat, item.lon) / KM_PER_MILE
      if (miles > item.reach) continue
      seen.add(item.id)
      sections[item.aspect]!.push({ item, miles })
    }
  }
  // Written into one buffer: the parts are ASCII but for the views, whose UTF-8 length is kept.
  const heads = ASPECTS.map((aspect, index) => `${index ? ',' : '{'}"${aspect}":{"messages":[`)
  const lists = sections.map((found, index) => {
    found.sort(byPriorityThenDistance)
    return ASPECTS[index] === 'cameras' ? found.slice(0, CAMERAS_CAP) : found
  })
  // Each section's health beside its messages (section-health.ts), ASCII but for source names.
  const tails = ASPECTS.map((aspect) => (health ? `],"health":${health[aspect]}}` : ']}'))
  const prefixes = lists.map((found) => found.map(({ miles }) => `{"distance":${Math.round(miles * 10) / 10},`))
  let size = 1
  lists.forEach((found, index) => {
    size += heads[index]!.length + Buffer.byteLength(tails[index]!) + Math.max(found.length - 1, 0)
    found.forEach(({ item }, at) => (size += prefixes[index]![at]!.length + item.bytes))
  })
  const out = Buffer.allocUnsafe(size)
  let offset = 0
  lists.forEach((found, index) => {
    offset += out.write(heads[index]!, offset, 'latin1')
    found.forEach(({ item }, at) => {
      if (at) out[offset++] = 0x2c // ,
      offset += out.write(prefixes[index]![at]!, offset, 'latin1')
      offset += out.write(item.body, offset, 'utf8')
    })
    offset += out.write(tails[index]!, offset, 'utf8')
  })
  out[offset++] = 0x7d // }
  return out
}

/** A ready answer, as the micro-cache keeps it: the JSON, its gzip once someone asked for it, and what it was for. */
export type ReactionAnswer = { json: Bytes; gzip: Bytes | null; lat: number; lon: number; layer: number }
export type ReactionParams = { lat: number; lon: number; route?: string | undefined; layer?: number | undefined }
export type ParsedQuery = { ok: true; params: ReactionParams } | { ok: false; response: Response }

/** Self-delimiting parts, so two different queries never share a cache key (absent is not empty). */
const part = (value: string | undefined): string => (value === undefined ? '!' : `${value.length}:${value}`)

/**
 * True when Accept-Encoding takes gzip (or anything, `*`) with a weight above 0.
 * @example acceptsGzip('gzip, deflate, br, zstd') // true
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  for (const entry of header.toLowerCase().split(',')) {
    const [coding, ...params] = entry.split(';').map((text) => text.trim())
    if (coding !== 'gzip' && coding !== '*') continue
    const weight = params.find((param) => param.startsWith('q='))
    if (!weight || Number(weight.slice(2)) > 0) return true
  }
  return false
}

/**
 * Answers GET /api/reaction. The micro-cache is asked first, keyed by the raw query (a key is only
 * ever stored for a query that passed `parse`), so a hot answer costs no validation; `parse`
 * validates the rest and gives the 400 answer for a bad query. `query` is the request's, unless the
 * route changed it (a test layer the caller may not read is dropped before the cache is asked).
 */
export async function answerReaction(
  c: Context<AppEnv>,
  parse: (query: Record<string, string>) => ParsedQuery,
  query: Record<string, string> = c.req.query(),
): Promise<Response> {
  const key = part(query['lat']) + part(query['lon']) + part(query['route']) + part(query['layer'])
  const { store, reactionCache, now } = c.var.deps
  let answer = reactionCache.get(key)
  let kept = answer !== undefined
  if (!answer) {
    const parsed = parse(query)
    if (!parsed.ok) return parsed.response
    const { lat, lon, route, layer = 0 } = parsed.params
    const page = route?.toLowerCase() ?? ''
    await syncLists(store.db)
    const [ofPage, ...cells] = await Promise.all([
      page ? pageCandidates(store.db, page) : [],
      ...cellsForPoint(lat, lon).map((cell) => cellCandidates(store.db, cell)),
    ])
    const health = healthJson(await coverageAnswer(store.db, now()), pointState(cityIndex().cities, lat, lon, route, states))
    answer = { json: reactionBody(lat, lon, cells, ofPage, layer, now().toISOString(), health), gzip: null, lat, lon, layer }
    kept = reactionCache.set(key, answer)
  }
  // OpenStreetMap businesses for this area: fetched in the background when missing or a week old (server/feeds/overpass).
  const loading = !answer.layer && (await requestBusinesses(store.db, answer.lat, answer.lon, clientSource(c)))
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': answer.layer || loading ? 'private, no-store' : 'public, max-age=30',
    vary: 'Origin, Accept-Encoding',
  }
  let body: Bytes = loading ? Buffer.from(withLocalPending(answer.json.toString())) : answer.json
  if (body.length >= GZIP_MIN_BYTES && acceptsGzip(c.req.header('accept-encoding'))) {
    headers['content-encoding'] = 'gzip'
    // A kept answer is compressed once, harder; a one-off answer fast.
    if (loading) body = gzipSync(body, { level: 1 })
    else body = answer.gzip ??= gzipSync(body, { level: kept ? 6 : 1 })
  }
  return c.body(body, 200, headers)
}
