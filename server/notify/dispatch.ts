// From item writes to subscribers: each queued write's items that are public and active are matched to the followed
// places they reach (the reaction's rule: the item's page, or within its reach of the item or its shape), then to each
// follower's sections and lowest priority. A follower is told an item and text once (push_told's key); their outbox row
// waits for the burst to end, so a county-wide alert of 30 items is one notification.
import { createHash } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { haversineKm } from '../../src/lib/geo.ts'
import { priorityRank } from '../../src/lib/items.ts'
import type { Db } from '../db/index.ts'
import type { ItemRow } from '../db/schema.ts'
import { distanceToShape, parseGeometry, toShape } from '../feeds/geometry.ts'
import { claimEvents, URGENT_RANK } from '../db/queries/notify-claims.ts'
import {
  deleteWrites,
  followsNear,
  itemPriorities,
  itemRows,
  itemsOfRun,
  queuedWrites,
  recordEmailTold,
  recordPushTold,
  startBursts,
  type Follow,
} from '../db/queries/notify-dispatch.ts'
import { notifyDb } from '../db/queries/notify-tables.ts'

const KM_PER_MILE = 1.609344
const CHUNK = 500
const ROWS_PAGE = 100

/** The text a follower was told: a new title, state or line is news again; a priority change alone is not. */
export function textVersion(row: Pick<ItemRow, 'title' | 'state' | 'lines'>): string {
  return createHash('sha256')
    .update(JSON.stringify([row.title, row.state, row.lines]))
    .digest('base64url')
    .slice(0, 16)
}

/** An item anyone may see now in a followed section. */
const tellable = (row: ItemRow, stamp: string): boolean =>
  row.is_active === 1 &&
  row.layer === 0 &&
  (row.data_aspect === 'statuses' || row.data_aspect === 'roads') &&
  (row.expires_at === null || row.expires_at > stamp) &&
  (row.starts_at === null || row.starts_at <= stamp)

/** The follows an item reaches, push places or email subscriptions: place, section and priority each checked. */
async function followersOf(
  db: Db,
  table: 'push_places' | 'email_subscriptions',
  row: ItemRow,
  reaches: (place: string, lat: number, lon: number) => boolean,
): Promise<Follow[]> {
  const rank = priorityRank(row.priority)
  return (await followsNear(db, table, row)).filter(
    (follow) =>
      rank <= follow.min_rank &&
      follow.sections.split(',').includes(row.data_aspect) &&
      reaches(follow.place, follow.lat, follow.lon),
  )
}

/**
 * Whether an item reaches a place: its page, or within its reach of the item or its shape (kept per place).
 * The shape is parsed at the first place asked about: most items of a national feed run have no follower in
 * their box, and parsing all of them held requests for 1.4 s (bench:feeds).
 */
function reachOf(row: ItemRow): (place: string, lat: number, lon: number) => boolean {
  const page = row.page_name?.toLowerCase() ?? null
  let shape: ReturnType<typeof toShape> | null | undefined
  const reached = new Map<string, boolean>()
  return (place, lat, lon) => {
    let known = reached.get(place)
    if (known === undefined) {
      if (shape === undefined) {
        const geometry = parseGeometry(row.geometry)
        shape = geometry ? toShape(geometry) : null
      }
      const miles = shape
        ? distanceToShape(lat, lon, shape, row.area_miles)
        : haversineKm(lat, lon, row.lat, row.lon) / KM_PER_MILE
      known = place === page || miles <= row.area_miles
      reached.set(place, known)
    }
    return known
  }
}

/** The ids of the items the claimed events name: a staff write's item, or every item a feed run wrote. */
async function idsOf(
  db: Db,
  events: { item_id: number | null; feed_id: string | null; stamp: string | null }[],
): Promise<number[]> {
  const ids = new Set(events.flatMap((event) => (event.item_id === null ? [] : [event.item_id])))
  for (const event of events) {
    if (event.feed_id === null || event.stamp === null) continue
    for (const id of await itemsOfRun(db, event.feed_id, event.stamp)) ids.add(id)
  }
  return [...ids]
}

/** The ids, most pressing first (Critical before Info): a pass matches and queues a Warning before an Info fan-out. */
async function byUrgency(db: Db, ids: number[]): Promise<number[]> {
  const rank = new Map<number, number>()
  for (let at = 0; at < ids.length; at += CHUNK)
    for (const row of await itemPriorities(db, ids.slice(at, at + CHUNK))) rank.set(row.id, priorityRank(row.priority))
  return [...ids].sort((a, b) => (rank.get(a) ?? 7) - (rank.get(b) ?? 7) || a - b)
}

/**
 * The rows, a page at a time with a turn for requests between pages: a feed run of 5,000 road events read as one
 * statement held the loop 92 ms on SQLite (bench:feeds), geometry being most of each row.
 */
async function* rowsOf(db: Db, ids: number[]): AsyncGenerator<ItemRow> {
  for (let at = 0; at < ids.length; at += ROWS_PAGE) {
    if (at) await nextTurn()
    yield* await itemRows(db, ids.slice(at, at + ROWS_PAGE))
  }
}

export type DispatchOptions = { owner: string; burstMs: number; batch?: number }

/**
 * One pass over the queued writes: claims a batch, records what each follower is to be told, starts their bursts,
 * and deletes the batch. Returns how many writes it took and how many followers were newly told something.
 */
export async function dispatchEvents(db: Db, now: Date, options: DispatchOptions): Promise<{ events: number; told: number }> {
  const ndb = notifyDb(db)
  const ids = await claimEvents(ndb, options.owner, now, options.batch ?? 200)
  if (!ids.length) return { events: 0, told: 0 }
  const events = await queuedWrites(ndb, ids)
  const stamp = now.toISOString()
  // Each subscriber's burst is started once a pass, by its most pressing item (the first, in this order).
  const told = new Set<string>()
  let looked = 0
  for await (const row of rowsOf(db, await byUrgency(db, await idsOf(db, events)))) {
    // Two lookups per item, each a synchronous statement on SQLite: requests get a turn every 10 items.
    if (++looked % 10 === 0) await nextTurn()
    if (!tellable(row, stamp)) continue
    const reaches = reachOf(row)
    const version = textVersion(row)
    // Warning and above skip the burst: due now (what already waits for the subscriber goes with it).
    const rank = priorityRank(row.priority)
    const due = new Date(now.getTime() + (rank <= URGENT_RANK ? 0 : options.burstMs)).toISOString()
    const emails = (await followersOf(db, 'email_subscriptions', row, reaches)).map((follow) => ({
      subscription_id: follow.subscription_id,
      item_id: row.id,
      version,
      created_at: stamp,
      sent_at: null,
    }))
    for (let at = 0; at < emails.length; at += CHUNK) await recordEmailTold(ndb, emails.slice(at, at + CHUNK))
    const rows = (await followersOf(db, 'push_places', row, reaches)).map((follow) => ({
      subscription_id: follow.subscription_id,
      item_id: row.id,
      version,
      place: follow.place,
      created_at: stamp,
    }))
    for (let at = 0; at < rows.length; at += CHUNK) {
      const fresh = await recordPushTold(ndb, rows.slice(at, at + CHUNK))
      const subscribers = [...new Set(fresh)].filter((id) => !told.has(id))
      for (const id of subscribers) told.add(id)
      await startBursts(ndb, subscribers, due, rank, CHUNK)
      // node:sqlite runs each statement on this thread: requests get a turn between chunks (a national alert is 200).
      await nextTurn()
    }
  }
  await deleteWrites(ndb, ids)
  return { events: ids.length, told: told.size }
}
