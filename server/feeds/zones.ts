// NWS zone shapes for alerts that name zones instead of a polygon: fetched once, cached in the database for days.
import type { Db } from '../db/index.ts'
import type { SafeFetchResult } from '../lib/safe-fetch.ts'
import { toGeometry } from './geometry.ts'
import type { FeedGeometry, Position } from './types.ts'

const DAY_MS = 86_400_000
/** Zone boundaries change a few times a year: a cached shape is used for a week, then fetched again. */
export const ZONE_MAX_AGE_MS = 7 * DAY_MS
/** A zone that could not be fetched is tried again after an hour. */
export const ZONE_RETRY_MS = 3_600_000
export const ZONE_CONCURRENCY = 4
/** New or renewed zones per feed run; the rest follow on the next runs (a first national run names ~2,000). */
export const ZONE_FETCHES_PER_RUN = 150

export type ZoneFetch = (url: string) => Promise<SafeFetchResult>
type Polygons = Position[][][]

/** The polygons of a zone's GeoJSON (a Feature, a bare geometry, or a collection of polygons). */
export function zonePolygons(json: unknown): Polygons | null {
  const geometryOf = (value: unknown): unknown =>
    value && typeof value === 'object' && 'geometry' in value ? value.geometry : value
  const root = geometryOf(json) as { type?: unknown; geometries?: unknown } | null
  const parts = root?.type === 'GeometryCollection' && Array.isArray(root.geometries) ? root.geometries : [root]
  const polygons: Polygons = []
  for (const part of parts) {
    const geometry = toGeometry(part)
    if (geometry?.type === 'Polygon') polygons.push(geometry.coordinates)
    else if (geometry?.type === 'MultiPolygon') polygons.push(...geometry.coordinates)
  }
  return polygons.length ? polygons : null
}

async function eachLimited<T>(list: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const run = async (): Promise<void> => {
    while (next < list.length) await work(list[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, run))
}

async function save(db: Db, url: string, geometry: string | null, error: string | null, fetchedAt: string): Promise<void> {
  await db
    .insertInto('feed_zones')
    .values({ url, geometry, error, fetched_at: fetchedAt })
    .onConflict((conflict) => conflict.column('url').doUpdateSet({ geometry, error, fetched_at: fetchedAt }))
    .execute()
}

/**
 * Polygons of every zone URL it can: cached ones (younger than a week), then up to
 * ZONE_FETCHES_PER_RUN fetched now (missing first, then the oldest), 4 at a time. A zone that
 * fails keeps its old shape if it had one.
 */
export async function resolveZones(
  db: Db,
  urls: string[],
  fetchZone: ZoneFetch,
  now: Date,
  fetchesPerRun = ZONE_FETCHES_PER_RUN,
): Promise<Map<string, Polygons>> {
  const wanted = [...new Set(urls)]
  const found = new Map<string, Polygons>()
  const cached = new Map<string, { geometry: string | null; error: string | null; fetched_at: string }>()
  for (let at = 0; at < wanted.length; at += 500) {
    const rows = await db
      .selectFrom('feed_zones')
      .selectAll()
      .where('url', 'in', wanted.slice(at, at + 500))
      .execute()
    for (const row of rows) cached.set(row.url, row)
  }
  const missing: string[] = []
  const old: string[] = []
  for (const url of wanted) {
    const row = cached.get(url)
    const age = row ? now.getTime() - Date.parse(row.fetched_at) : Infinity
    const polygons = row?.geometry ? zonePolygons(JSON.parse(row.geometry)) : null
    if (polygons) found.set(url, polygons)
    if (!row) missing.push(url)
    else if (polygons ? age > ZONE_MAX_AGE_MS : age > ZONE_RETRY_MS) old.push(url)
  }
  const fetchedAt = now.toISOString()
  await eachLimited([...missing, ...old].slice(0, fetchesPerRun), ZONE_CONCURRENCY, async (url) => {
    const answer = await fetchZone(url)
    let polygons: Polygons | null = null
    let error = answer.ok ? null : answer.error
    if (answer.ok) {
      try {
        polygons = zonePolygons(JSON.parse(answer.text))
      } catch {
        // Reported below as not a zone.
      }
      if (!polygons) error = 'Not a zone geometry'
    }
    if (polygons) {
      found.set(url, polygons)
      await save(db, url, JSON.stringify({ type: 'MultiPolygon', coordinates: polygons }), null, fetchedAt)
    } else if (cached.get(url)?.geometry) {
      // Keep the shape we had; try again after ZONE_RETRY_MS rather than on every run.
      const keptAt = new Date(now.getTime() - ZONE_MAX_AGE_MS + ZONE_RETRY_MS).toISOString()
      await save(db, url, cached.get(url)!.geometry, error, keptAt)
    } else await save(db, url, null, error, fetchedAt)
  })
  return found
}

/** The union of an item's zones as one MultiPolygon (null when none is known yet). */
export function zonesGeometry(zones: string[], known: Map<string, Polygons>): FeedGeometry | null {
  const polygons = zones.flatMap((zone) => known.get(zone) ?? [])
  return polygons.length ? { type: 'MultiPolygon', coordinates: polygons } : null
}
