// Writes a feed's decoded items into the items table: insert new, update changed, delete gone, in small transactions.
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Db } from '../db/index.ts'
import {
  deleteItemRows,
  endedFeedItemIds,
  expireFeedItems,
  feedItemIds,
  itemCountsByFeed,
  storedFeedItems,
  touchItems,
  type StoredFeedItem,
} from '../db/queries/feed-items.ts'
import { deleteItem, feedChanges, insertItemRows, itemValues, updateItem, type NewItem } from '../db/queries/items.ts'
import type { NewItemRow } from '../db/schema.ts'
import { pruneItemChanges } from '../lib/reaction-cells.ts'
import { noteFeedRun } from '../notify/queue.ts'
import { boundsBox } from './geometry.ts'
import { prepareItem } from './prepare.ts'
import type { FeedItem, PreparedItem } from './types.ts'

/** Rows per transaction: small, so reaction reads (and other writers on SQLite) interleave with a big ingest. */
export const BATCH = 25
/**
 * Shape text per transaction, in characters: a batch of 25 alerts of 5,000 vertices each is 2.5 MB that
 * node:sqlite writes and reads back in one synchronous stretch; batches end at a tenth of that instead.
 */
export const BATCH_SHAPE_CHARS = 250_000
/** Items prepared or written one at a time (updates, deletes) between two pauses of a run. */
const WRITES_BETWEEN_PAUSES = 5
/** Items whose fetch time one statement sets (touchFeedItems). */
const TOUCH_PAGE = 500

/**
 * A pause for waiting requests every `every` writes. node:sqlite runs each statement synchronously, so a
 * run's writes awaited one after another never let a request in: 1,070 alert updates held the event
 * loop for 0.6 s (bench:feeds). On PostgreSQL each write already yields; the pause costs little there.
 */
function breather(every: number): () => Promise<void> {
  let count = 0
  return async () => {
    if (++count % every === 0) await nextTurn()
  }
}

/** Insert rows in batches of at most BATCH rows and about BATCH_SHAPE_CHARS of shape text. */
export function* batches(rows: NewItemRow[]): Generator<NewItemRow[]> {
  let batch: NewItemRow[] = []
  let chars = 0
  for (const row of rows) {
    const size = row.geometry?.length ?? 0
    if (batch.length && (batch.length >= BATCH || chars + size > BATCH_SHAPE_CHARS)) {
      yield batch
      batch = []
      chars = 0
    }
    batch.push(row)
    chars += size
  }
  if (batch.length) yield batch
}

export type StoreSummary = { added: number; changed: number; unchanged: number; removed: number }
export type StoreOptions = {
  /** Delete this feed's items that the run did not return (false for partial sources). */
  removeMissing: boolean
  /** Source ids to leave as they are even if absent (e.g. alerts whose zone shapes are not known yet). */
  keep?: ReadonlySet<string>
}

type Existing = StoredFeedItem

/** The items columns a feed item sets (never is_active: staff hiding an item sticks across runs). */
type Columns = Omit<NewItem, 'created_at'> & { area_miles: number; geometry: string | null }

export function columns(feedId: string, item: PreparedItem, now: string): Columns {
  return {
    data_aspect: item.aspect,
    data_property: 'feed',
    data_category: item.dataCategory,
    category: item.category,
    priority: item.priority,
    state_type: item.stateType,
    state: item.state,
    status: item.state,
    title: item.title.slice(0, 500),
    lines: JSON.stringify(item.lines),
    link: item.link,
    image: item.image,
    special_data: item.specialData,
    lat: item.lat,
    lon: item.lon,
    area_miles: item.areaMiles,
    geometry: item.geometryText,
    retrieved: now,
    value_changed: now,
    is_old: 0,
    feed_id: feedId,
    source_id: item.sourceId,
    source_hash: item.hash,
    fetched_at: now,
    starts_at: item.startsAt,
    expires_at: item.endsAt,
    attribution: JSON.stringify(item.attribution),
    updated_at: now,
  }
}

/**
 * Stores one run of a feed. Items are keyed by (feed, source id): a re-run updates instead of
 * duplicating, an unchanged item is not rewritten, a locked result (lock_result_until in the
 * future) keeps its state, lines and priority, and ended items are dropped. The engine hands over items
 * prepared in the decode worker (shape serialised, hash made: server/feeds/prepare.ts); plain items (the
 * business fetcher's) are prepared here.
 */
export async function storeFeedItems(
  db: Db,
  feedId: string,
  items: readonly (PreparedItem | FeedItem)[],
  now: Date,
  options: StoreOptions,
): Promise<StoreSummary> {
  const stamp = now.toISOString()
  const fresh = new Map<string, PreparedItem | FeedItem>()
  for (const item of items) if (!item.endsAt || item.endsAt > stamp) fresh.set(item.sourceId, item)
  const existing = new Map<string, Existing>()
  const rows = await storedFeedItems(db, feedId)
  for (const row of rows) existing.set(row.source_id!, row)

  const summary: StoreSummary = { added: 0, changed: 0, unchanged: 0, removed: 0 }
  const inserts: NewItemRow[] = []
  const pause = breather(WRITES_BETWEEN_PAUSES)
  for (const given of fresh.values()) {
    // Preparing 5,000 items is itself work: pause within it too.
    await pause()
    const item = 'hash' in given ? given : prepareItem(given)
    const before = existing.get(item.sourceId)
    const values = columns(feedId, item, stamp)
    // The box measured in the decode worker: the shape is not parsed again here.
    const box = item.bounds ? boundsBox(item.bounds, item.areaMiles) : undefined
    if (!before) {
      inserts.push(itemValues({ ...values, created_at: stamp }, box))
      continue
    }
    if (before.source_hash === values.source_hash && before.is_old === 0) {
      summary.unchanged++
      continue
    }
    const changes = feedChanges(before, values, stamp)
    await updateItem(db, before.id, changes, box)
    summary.changed++
  }
  for (const batch of batches(inserts)) {
    await insertItemRows(db, batch)
    await nextTurn()
  }
  summary.added = inserts.length

  if (options.removeMissing) {
    for (const [sourceId, row] of existing) {
      if (fresh.has(sourceId) || options.keep?.has(sourceId)) continue
      if (await deleteItem(db, row.id)) summary.removed++
      await pause()
    }
  }
  // The items added or changed carry the run's stamp: one row tells the notifier (server/notify) to look at them.
  if (summary.added || summary.changed) await noteFeedRun(db, feedId, stamp)
  // Unchanged items were confirmed by this run: only the provenance time moves (not part of the public view).
  await touchFeedItems(db, feedId, stamp)
  return summary
}

/**
 * Sets every item of a feed as fetched at `stamp`, a page of rows per statement with a turn for requests between:
 * one statement over a feed's 5,000 items used 51 ms of the request thread (bench:feeds).
 */
async function touchFeedItems(db: Db, feedId: string, stamp: string): Promise<void> {
  const ids = await feedItemIds(db, feedId)
  for (let at = 0; at < ids.length; at += TOUCH_PAGE) {
    if (at) await nextTurn()
    await touchItems(db, ids.slice(at, at + TOUCH_PAGE), stamp)
  }
}

/** Marks a feed's items old (is_old, with retrieved = the last good fetch) after an outage passes the stale threshold. */
export async function markFeedStale(db: Db, feedId: string, lastSuccessAt: string | null): Promise<number> {
  const ids = await feedItemIds(db, feedId, 0)
  const pause = breather(WRITES_BETWEEN_PAUSES)
  for (const id of ids) {
    await updateItem(db, id, { is_old: 1, retrieved: lastSuccessAt })
    await pause()
  }
  return ids.length
}

/** A 304 after an outage: the items are current again, retrieved now. */
export async function markFeedFresh(db: Db, feedId: string, now: Date): Promise<number> {
  const stamp = now.toISOString()
  const ids = await feedItemIds(db, feedId, 1)
  const pause = breather(WRITES_BETWEEN_PAUSES)
  for (const id of ids) {
    await updateItem(db, id, { is_old: 0, retrieved: stamp, fetched_at: stamp })
    await pause()
  }
  await touchFeedItems(db, feedId, stamp)
  return ids.length
}

/**
 * Ends the items of feeds that are switched off, now: they leave the answer at once and
 * are deleted with the other ended items an hour later. A feed switched on again brings its items back on its
 * next run. Returns how many items were ended.
 */
export async function endFeedItems(db: Db, feedIds: readonly string[], now: Date): Promise<number> {
  if (!feedIds.length) return 0
  return expireFeedItems(db, [...feedIds], now.toISOString())
}

/**
 * The scheduler's minute sweep: items of feeds that are off end now, items that ended over `graceMs`
 * ago are deleted, and the item change log (read by the reaction, server/lib/reaction-cells.ts) is pruned.
 */
export async function sweepFeedItems(db: Db, now: Date, offFeeds: readonly string[], graceMs = 3_600_000) {
  const ended = await endFeedItems(db, offFeeds, now)
  const deleted = await deleteExpired(db, now, graceMs)
  const pruned = await pruneItemChanges(db)
  return { ended, deleted, pruned }
}

/** Deletes feed items that ended more than `graceMs` ago (they left the answer when they ended). */
export async function deleteExpired(db: Db, now: Date, graceMs = 3_600_000): Promise<number> {
  const before = new Date(now.getTime() - graceMs).toISOString()
  let removed = 0
  for (;;) {
    const ids = await endedFeedItemIds(db, before, BATCH)
    if (!ids.length) return removed
    await deleteItemRows(db, ids)
    removed += ids.length
  }
}

/** Items of a feed, for the health endpoint. */
export async function countFeedItems(db: Db): Promise<Map<string, number>> {
  return itemCountsByFeed(db)
}
