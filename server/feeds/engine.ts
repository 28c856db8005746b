// One run of one feed: claim it, fetch (conditionally), decode in a worker, resolve zones, store, and record the outcome.
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Db } from '../db/index.ts'
import { countItemsOfFeed } from '../db/queries/feed-items.ts'
import { claimFeed, feedRow, finishFeedRun } from '../db/queries/feeds.ts'
import { safeFetch, type SafeFetchOptions } from '../lib/safe-fetch.ts'
import { adapters } from './adapters/index.ts'
import type { Feed } from './config.ts'
import { decodeInWorker } from './decode.ts'
import { rehash } from './prepare.ts'
import { markFeedFresh, markFeedStale, storeFeedItems, type StoreSummary } from './store.ts'
import type { DecodeResult, PreparedItem } from './types.ts'
import { resolveZones, withheldNote, zonesGeometry } from './zones.ts'
import { endReplaced, nextCursor, removeCopies, sinceUrl, withoutPreferred } from './incremental.ts'
import { adapterOptions } from './transit/static-cache.ts'

export type EngineOptions = {
  /** Who this instance is, in claims (host:pid:random). */
  owner: string
  userAgent: string
  /** Lets feeds reach private and loopback addresses (tests and local setups only). */
  allowPrivate: boolean
  now?: () => Date
  fetchImpl?: SafeFetchOptions['fetchImpl']
  /** Feed id to the feeds that yield to it (`options.preferFeeds`, incremental.ts): their copies leave when it stores. */
  preferredBy?: ReadonlyMap<string, readonly string[]>
  /** Receives a registry's rows (server/feeds/registry.ts): a registry lists feeds, not items. */
  onFeeds?: (feed: Feed, rows: NonNullable<DecodeResult['feeds']>, now: Date) => Promise<unknown>
}

export type RunOutcome =
  | { state: 'skipped' }
  | { state: 'not-modified' }
  | { state: 'stored'; summary: StoreSummary; skipped: number; pendingZones: number }
  | { state: 'failed'; error: string }

/** Failures back off from the schedule, doubling each time, up to an hour. */
export const MAX_BACKOFF_MS = 3_600_000
/** How long a claim lasts beyond the fetch's own time limit (decoding and storing included). */
const LEASE_MARGIN_MS = 10 * 60_000
const ERROR_CHARS = 300

export const backoffMs = (feed: Feed, failures: number): number =>
  Math.min(feed.scheduleSeconds * 1000 * 2 ** Math.max(failures, 0), Math.max(MAX_BACKOFF_MS, feed.scheduleSeconds * 1000))

const later = (now: Date, ms: number): string => new Date(now.getTime() + ms).toISOString()

/**
 * Alerts naming zones get the union of their zones' shapes (joined as text, from shapes kept in memory);
 * the ones with no known zone yet wait for the next run.
 */
async function withZones(db: Db, items: PreparedItem[], feed: Feed, options: EngineOptions, now: Date) {
  const needing = items.filter((item) => !item.geometryText && item.zones?.length)
  if (!needing.length) return { items, pending: new Set<string>(), waiting: [] as string[] }
  const fetchZone = (url: string, headers: Record<string, string>) =>
    safeFetch(url, {
      allowPrivate: options.allowPrivate,
      userAgent: options.userAgent,
      accept: 'application/geo+json, application/json;q=0.9',
      maxBytes: 5_000_000,
      timeoutMs: feed.timeoutSeconds * 1000,
      headers,
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    })
  const known = await resolveZones(
    db,
    needing.flatMap((item) => item.zones!),
    fetchZone,
    now,
  )
  const pending = new Set<string>()
  const waiting: string[] = []
  const ready: PreparedItem[] = []
  let joined = 0
  for (const item of items) {
    if (item.geometryText || !item.zones?.length) {
      ready.push(item)
      continue
    }
    const union = zonesGeometry(item.zones, known)
    if (!union) {
      pending.add(item.sourceId)
      waiting.push(...item.zones)
      continue
    }
    ready.push({
      ...item,
      geometryText: union.text,
      bounds: union.bounds,
      lat: union.lat,
      lon: union.lon,
      hash: rehash(item, union.text),
    })
    // A few thousand vertices joined and hashed per alert: let requests in between.
    if (++joined % 20 === 0) await nextTurn()
  }
  return { items: ready, pending, waiting }
}

/** Records a failed run: backs off, and marks the items old once the last success is older than the stale threshold. */
async function fail(db: Db, feed: Feed, options: EngineOptions, now: Date, error: string): Promise<RunOutcome> {
  const row = await feedRow(db, feed.id)
  const failures = (row?.failures ?? 0) + 1
  const lastSuccess = row?.last_success_at ?? null
  const stale = !lastSuccess || now.getTime() - Date.parse(lastSuccess) > feed.staleAfterSeconds * 1000
  if (stale) await markFeedStale(db, feed.id, lastSuccess)
  await finishFeedRun(db, feed.id, options.owner, {
    failures,
    last_error: error.slice(0, ERROR_CHARS),
    last_error_at: now.toISOString(),
    next_run_at: later(now, backoffMs(feed, failures)),
  })
  return { state: 'failed', error }
}

async function succeed(db: Db, feed: Feed, options: EngineOptions, now: Date, changes: Record<string, unknown>) {
  const count = await countItemsOfFeed(db, feed.id)
  await finishFeedRun(db, feed.id, options.owner, {
    ...changes,
    failures: 0,
    last_success_at: now.toISOString(),
    item_count: count,
    next_run_at: later(now, feed.scheduleSeconds * 1000),
  })
}

/** Why a run left items out, per reason, as the feed row keeps it (issue 37); null when nothing was. */
function leftOutOf(decoded: Record<string, number> | undefined, duplicates: number, waiting: number): string | null {
  const counts = { ...decoded, ...(duplicates ? { duplicate: duplicates } : {}), ...(waiting ? { zones: waiting } : {}) }
  const kept = Object.entries(counts).filter(([, count]) => count > 0)
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null
}

/** The claimed part of a run. */
async function run(db: Db, feed: Feed, options: EngineOptions, now: Date): Promise<RunOutcome> {
  if (feed.problem) return fail(db, feed, options, now, feed.problem)
  if (!adapters[feed.adapter]) return fail(db, feed, options, now, `Unknown adapter ${feed.adapter}`)
  const row = await feedRow(db, feed.id)
  const conditional: Record<string, string> = {}
  if (row?.etag) conditional['if-none-match'] = row.etag
  if (row?.last_modified) conditional['if-modified-since'] = row.last_modified
  const answer = await safeFetch(sinceUrl(feed.url!, row?.cursor ?? null, now, feed.options), {
    allowPrivate: options.allowPrivate,
    userAgent: options.userAgent,
    accept: feed.accept,
    maxBytes: feed.maxBytes,
    timeoutMs: feed.timeoutSeconds * 1000,
    headers: conditional,
    // Bytes, decoded in the worker: a 25 MB body never becomes a string on the thread that answers requests.
    encoding: 'bytes',
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  })
  if (!answer.ok) return fail(db, feed, options, now, answer.error)
  if (answer.notModified) {
    await markFeedFresh(db, feed.id, now)
    await succeed(db, feed, options, now, {})
    return { state: 'not-modified' }
  }
  let decoded
  try {
    // GTFS-realtime feeds decode with their static GTFS (transit/static-cache.ts); other feeds with their options.
    const fetchStatic = {
      allowPrivate: options.allowPrivate,
      userAgent: options.userAgent,
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    }
    const adapterOpts = await adapterOptions(db, feed, fetchStatic, now)
    const body = answer.bytes ? { bytes: answer.bytes, contentType: answer.contentType } : answer.text
    decoded = await decodeInWorker(feed.adapter, body, { feedId: feed.id, now, options: adapterOpts })
  } catch (error) {
    return fail(db, feed, options, now, error instanceof Error ? error.message : 'Decoding failed')
  }
  if (decoded.feeds?.length) await options.onFeeds?.(feed, decoded.feeds, now)
  // A body whose every record is bad is a broken feed, not an empty one: keep the last good items.
  if (!decoded.items.length && !decoded.feeds?.length && decoded.skipped > 0)
    return fail(db, feed, options, now, `Every record was skipped (${decoded.skipped}): ${decoded.errors[0] ?? 'bad records'}`)
  const zoned = await withZones(db, decoded.items, feed, options, now)
  const { pending } = zoned
  // An alert another feed already shows (NWS's own warnings in IPAWS) is stored once, by that feed.
  const items = await withoutPreferred(db, feed, zoned.items)
  const leftOut = leftOutOf(decoded.leftOut, zoned.items.length - items.length, pending.size)
  // An incremental body (IPAWS) lists only what is new: the rest stays, and its Updates and Cancels end what they replace.
  const summary = await storeFeedItems(db, feed.id, items, now, { removeMissing: !decoded.incremental, keep: pending })
  summary.removed += await endReplaced(db, feed.id, decoded.ends, new Set(items.map((item) => item.sourceId)))
  await removeCopies(
    db,
    items.map((item) => item.sourceId),
    options.preferredBy?.get(feed.id),
  )
  const skippedNote = decoded.skipped ? `Skipped ${decoded.skipped} bad records: ${decoded.errors[0] ?? ''}` : null
  // Withheld alerts say why (issue 37): which zones have no shape and the last error fetching them.
  const note = [withheldNote(db, zoned.waiting, pending.size), skippedNote].filter(Boolean).join('; ') || null
  // While an alert waits for its zones, the next run must get the whole body again: a validator kept now
  // would make every later run a 304 and the alert would never appear (issue 26, item 6).
  const waiting = pending.size > 0
  await succeed(db, feed, options, now, {
    etag: waiting ? null : answer.etag,
    last_modified: waiting ? null : answer.lastModified,
    withheld: pending.size,
    skipped: decoded.skipped,
    left_out: leftOut,
    ...(decoded.incremental ? { cursor: nextCursor(row?.cursor ?? null, decoded.cursor, pending.size, now) } : {}),
    ...(note ? { last_error: note.slice(0, ERROR_CHARS), last_error_at: now.toISOString() } : {}),
  })
  return { state: 'stored', summary, skipped: decoded.skipped, pendingZones: pending.size }
}

/**
 * Runs a feed if it is due and this instance wins the claim; never throws for the feed's own
 * problems (they become its recorded error), so one bad feed never stops the others.
 * @example await runFeed(db, feed, { owner: 'host:1', userAgent: 'Porchlight/1.0 (…)', allowPrivate: false })
 */
export async function runFeed(db: Db, feed: Feed, options: EngineOptions): Promise<RunOutcome> {
  const now = options.now?.() ?? new Date()
  const lease = feed.timeoutSeconds * 1000 + LEASE_MARGIN_MS
  if (!(await claimFeed(db, feed.id, options.owner, now, lease))) return { state: 'skipped' }
  try {
    return await run(db, feed, options, now)
  } catch (error) {
    // A database hiccup mid-run: record it and back off like any failure.
    const message = error instanceof Error ? error.message : 'Run failed'
    return fail(db, feed, options, now, `Run failed: ${message}`).catch(() => ({ state: 'failed', error: message }) as const)
  }
}
