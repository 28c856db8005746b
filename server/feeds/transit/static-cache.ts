// The static GTFS behind each GTFS-realtime feed: downloaded weekly (size-capped, conditionally), read into a
// TransitIndex (static-gtfs.ts) and kept in transit_static, then handed to the alert adapter with the feed's options.
import type { Db } from '../../db/index.ts'
import { saveTransitStatic, transitStaticRow } from '../../db/queries/transit-static.ts'
import { safeFetch, type SafeFetchOptions } from '../../lib/safe-fetch.ts'
import type { Feed } from '../config.ts'
import { readStaticGtfs } from './static-gtfs.ts'
import type { TransitIndex } from './transit-index.ts'

export const GTFS_RT_ADAPTER = 'gtfs-rt'
/** Schedules change with service changes, a few times a year: a weekly read is current enough. */
export const STATIC_REFRESH_MS = 7 * 86_400_000
/** A failed download is tried again after an hour; meanwhile the old index (if any) places the alerts. */
export const STATIC_RETRY_MS = 3_600_000
/** Default cap of a static zip; options.staticMaxBytes raises it (big cities' zips run to 100 MB and more). */
export const STATIC_MAX_BYTES = 60_000_000
const STATIC_TIMEOUT_MS = 120_000

export type StaticFetch = Pick<SafeFetchOptions, 'allowPrivate' | 'userAgent' | 'fetchImpl'>

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** The feed's static zip address: options.staticUrl (from the catalogue's static_reference, or set by hand). */
export const staticUrl = (feed: Feed): string | null => {
  const url = feed.options['staticUrl']
  return typeof url === 'string' && url ? url : null
}

/**
 * The feed's TransitIndex: the stored one while it is under a week old and from the same address, else a new
 * download read and stored. A failed download keeps the stored index (and tries again after an hour); with
 * none stored it throws, which fails the run and keeps the feed's items.
 */
export async function transitIndex(db: Db, feed: Feed, fetch: StaticFetch, now: Date): Promise<TransitIndex> {
  const url = staticUrl(feed)
  if (!url) throw new Error('GTFS-realtime: no static GTFS address (options.staticUrl)')
  const row = await transitStaticRow(db, feed.id)
  const same = row?.url === url
  const stored = same && row.data ? (JSON.parse(row.data) as TransitIndex) : null
  const fresh = stored && row?.fetched_at && now.getTime() - Date.parse(row.fetched_at) < STATIC_REFRESH_MS
  const waiting = same && row.last_error && now.getTime() - Date.parse(row.checked_at) < STATIC_RETRY_MS
  if (stored && (fresh || waiting)) return stored
  if (!stored && waiting) throw new Error(`GTFS-realtime: static GTFS not read yet: ${row.last_error}`)
  const maxBytes = typeof feed.options['staticMaxBytes'] === 'number' ? feed.options['staticMaxBytes'] : STATIC_MAX_BYTES
  const conditional: Record<string, string> = {}
  if (stored && row?.etag) conditional['if-none-match'] = row.etag
  if (stored && row?.last_modified) conditional['if-modified-since'] = row.last_modified
  const answer = await safeFetch(url, {
    ...fetch,
    accept: 'application/zip, application/octet-stream;q=0.9, */*;q=0.5',
    maxBytes,
    timeoutMs: STATIC_TIMEOUT_MS,
    headers: conditional,
    encoding: 'base64',
  })
  const stamp = now.toISOString()
  const save = (values: Parameters<typeof saveTransitStatic>[4]) => saveTransitStatic(db, feed.id, url, stamp, values)
  let index: TransitIndex | null = null
  let error: string | null = null
  if (!answer.ok) error = answer.error
  else if (answer.notModified) index = stored
  else {
    try {
      index = await readStaticGtfs(Buffer.from(answer.text, 'base64'))
      if (!Object.keys(index.stops).length) throw new Error('no stop with coordinates')
    } catch (caught) {
      index = null
      error = messageOf(caught)
    }
  }
  if (index) {
    await save({
      ...(index === stored ? {} : { data: JSON.stringify(index) }),
      fetched_at: stamp,
      etag: answer.ok ? answer.etag : null,
      last_modified: answer.ok ? answer.lastModified : null,
      last_error: null,
    })
    return index
  }
  await save({ last_error: `Static GTFS: ${error ?? 'unreadable'}`.slice(0, 300) })
  if (stored) return stored
  throw new Error(`GTFS-realtime: static GTFS not read: ${error ?? 'unreadable'}`)
}

/**
 * The options a feed's adapter decodes with: the configured ones, and for GTFS-realtime feeds the static
 * index as `transit`. Called by the engine before each decode (server/feeds/engine.ts).
 */
export async function adapterOptions(db: Db, feed: Feed, fetch: StaticFetch, now: Date): Promise<Record<string, unknown>> {
  if (feed.adapter !== GTFS_RT_ADAPTER) return feed.options
  return { ...feed.options, transit: await transitIndex(db, feed, fetch, now) }
}
