// Feeds that answer only what changed since a cursor (IPAWS-OPEN "recent/{timestamp}"), and the same alert in
// two feeds (NWS and IPAWS both carry the NWS's warnings): the hooks the engine (engine.ts) calls for them.
import type { Db } from '../db/index.ts'
import { feedItemSources, feedItemsBySource } from '../db/queries/feed-items.ts'
import { deleteItem } from '../db/queries/items.ts'
import type { Feed } from './config.ts'

const HOUR_MS = 3_600_000
/** A first run (no cursor yet) asks for what was sent in the last day, unless the feed's options say otherwise. */
export const FIRST_SINCE_HOURS = 24
/** While alerts wait for their zone shapes the cursor stays, so they come again; for at most this long. */
export const CURSOR_HOLD_MS = 6 * HOUR_MS

/** UTC to the second with a Z, as IPAWS takes a timestamp in its path. */
const stamp = (time: number): string => `${new Date(time).toISOString().slice(0, 19)}Z`

/**
 * The URL of a run: `{since}` replaced by the feed's cursor, or on a first run by `options.firstSinceHours`
 * (default 24) hours ago. A URL without `{since}` is returned as it is.
 * @example sinceUrl('https://x/recent/{since}', '2026-11-23T17:30:00Z', new Date(), {}) // 'https://x/recent/2026-11-23T17:30:00Z'
 */
export function sinceUrl(url: string, cursor: string | null, now: Date, options: Record<string, unknown>): string {
  if (!url.includes('{since}')) return url
  const hours = typeof options['firstSinceHours'] === 'number' ? options['firstSinceHours'] : FIRST_SINCE_HOURS
  const since = cursor ?? stamp(now.getTime() - hours * HOUR_MS)
  // A time as the engine writes it goes in as it is (IPAWS shows colons in its path); anything else is encoded.
  return url.replaceAll('{since}', /^[\dTZ:.-]+$/.test(since) ? since : encodeURIComponent(since))
}

/**
 * The cursor to keep after a run: the body's newest time, except that while some of its alerts wait for
 * zone shapes the old cursor stays (an incremental source would never send them again), for at most 6 hours.
 */
export function nextCursor(before: string | null, decoded: string | null | undefined, pending: number, now: Date): string | null {
  const fresh = decoded && (!before || decoded > before) ? decoded : before
  if (pending > 0 && before && now.getTime() - Date.parse(before) < CURSOR_HOLD_MS) return before
  return fresh ?? null
}

/** Which feeds each feed yields to (`options.preferFeeds`), and the reverse: feed id to the feeds that yield to it. */
export function preferredBy(feeds: readonly Pick<Feed, 'id' | 'options'>[]): Map<string, string[]> {
  const reverse = new Map<string, string[]>()
  for (const feed of feeds)
    for (const preferred of preferFeeds(feed)) reverse.set(preferred, [...(reverse.get(preferred) ?? []), feed.id])
  return reverse
}

const preferFeeds = (feed: Pick<Feed, 'options'>): string[] =>
  Array.isArray(feed.options['preferFeeds'])
    ? feed.options['preferFeeds'].filter((id): id is string => typeof id === 'string')
    : []

/** Source ids of the given feeds' items among `ids`, a few hundred at a time. */
async function knownIds(db: Db, feedIds: string[], ids: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let at = 0; at < ids.length; at += 500) {
    const rows = await feedItemsBySource(db, feedIds, ids.slice(at, at + 500))
    for (const row of rows) if (row.source_id) found.add(row.source_id)
  }
  return found
}

/**
 * A feed that yields to others (`options.preferFeeds`, e.g. IPAWS to NWS) leaves out the items those feeds
 * already show: same source id (a CAP identifier), or one of its aliases (the alerts an Update replaces).
 */
export async function withoutPreferred<T extends { sourceId: string; aliases?: string[] }>(
  db: Db,
  feed: Pick<Feed, 'options'>,
  items: T[],
): Promise<T[]> {
  const preferred = preferFeeds(feed)
  if (!preferred.length || !items.length) return items
  const ids = [...new Set(items.flatMap((item) => [item.sourceId, ...(item.aliases ?? [])]))]
  const known = await knownIds(db, preferred, ids)
  return known.size
    ? items.filter((item) => !known.has(item.sourceId) && !(item.aliases ?? []).some((id) => known.has(id)))
    : items
}

/**
 * After a preferred feed stored its items, the copies that feeds yielding to it stored earlier leave
 * (an IPAWS copy of an NWS warning that reached IPAWS first). Returns how many were removed.
 */
export async function removeCopies(db: Db, sourceIds: string[], yielding: readonly string[] | undefined): Promise<number> {
  if (!yielding?.length || !sourceIds.length) return 0
  let removed = 0
  for (let at = 0; at < sourceIds.length; at += 500) {
    const rows = await feedItemsBySource(db, [...yielding], sourceIds.slice(at, at + 500))
    for (const row of rows) if (await deleteItem(db, row.id)) removed++
  }
  return removed
}

/**
 * An Update or Cancel in an incremental feed ends the items it references from earlier runs: they are deleted
 * (with the `#n` items of the same alert's further infos), as a full feed deletes what it no longer lists.
 */
export async function endReplaced(
  db: Db,
  feedId: string,
  ends: readonly string[] | undefined,
  keep: ReadonlySet<string>,
): Promise<number> {
  if (!ends?.length) return 0
  const wanted = new Set(ends)
  const rows = await feedItemSources(db, feedId)
  let removed = 0
  for (const row of rows) {
    const id = row.source_id ?? ''
    const base = id.replace(/#\d+$/, '')
    if ((wanted.has(id) || wanted.has(base)) && !keep.has(id) && (await deleteItem(db, row.id))) removed++
  }
  return removed
}
