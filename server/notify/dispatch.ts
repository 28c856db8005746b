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
import { claimEvents } from './claim.ts'
import { notifyDb, type NotifyDb } from './tables.ts'

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

type Told = { subscription_id: string; item_id: number; version: string; place: string; created_at: string }

/** The follows an item reaches: place, section and priority each checked. */
async function followersOf(
  db: NotifyDb,
  row: ItemRow,
  stamp: string,
  reaches: (place: string, lat: number, lon: number) => boolean,
): Promise<Told[]> {
  const page = row.page_name?.toLowerCase() ?? null
  const places = await db
    .selectFrom('push_places')
    .select(['subscription_id', 'place', 'lat', 'lon', 'sections', 'min_rank'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('lat', '>=', row.min_lat),
          eb('lat', '<=', row.max_lat),
          eb('lon', '>=', row.min_lon),
          eb('lon', '<=', row.max_lon),
        ]),
        ...(page ? [eb('place', '=', page)] : []),
      ]),
    )
    .execute()
  const rank = priorityRank(row.priority)
  const version = textVersion(row)
  return places
    .filter((follow) => rank <= follow.min_rank && follow.sections.split(',').includes(row.data_aspect))
    .filter((follow) => reaches(follow.place, follow.lat, follow.lon))
    .map((follow) => ({
      subscription_id: follow.subscription_id,
      item_id: row.id,
      version,
      place: follow.place,
      created_at: stamp,
    }))
}

/** Confirmed email subscriptions an item reaches, as rows of what each is to be told. */
async function emailFollowersOf(
  db: NotifyDb,
  row: ItemRow,
  stamp: string,
  reaches: (place: string, lat: number, lon: number) => boolean,
) {
  const page = row.page_name?.toLowerCase() ?? null
  const rank = priorityRank(row.priority)
  const subs = await db
    .selectFrom('email_subscriptions')
    .select(['id', 'place', 'lat', 'lon', 'sections', 'min_rank'])
    .where('confirmed_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('lat', '>=', row.min_lat),
          eb('lat', '<=', row.max_lat),
          eb('lon', '>=', row.min_lon),
          eb('lon', '<=', row.max_lon),
        ]),
        ...(page ? [eb('place', '=', page)] : []),
      ]),
    )
    .execute()
  const version = textVersion(row)
  return subs
    .filter(
      (sub) => rank <= sub.min_rank && sub.sections.split(',').includes(row.data_aspect) && reaches(sub.place, sub.lat, sub.lon),
    )
    .map((sub) => ({ subscription_id: sub.id, item_id: row.id, version, created_at: stamp, sent_at: null }))
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
    const rows = await db
      .selectFrom('items')
      .select('id')
      .where('feed_id', '=', event.feed_id)
      .where('updated_at', '=', event.stamp)
      .execute()
    for (const row of rows) ids.add(row.id)
  }
  return [...ids]
}

/**
 * The rows, a page at a time with a turn for requests between pages: a feed run of 5,000 road events read as one
 * statement held the loop 92 ms on SQLite (bench:feeds), geometry being most of each row.
 */
async function* rowsOf(db: Db, ids: number[]): AsyncGenerator<ItemRow> {
  for (let at = 0; at < ids.length; at += ROWS_PAGE) {
    if (at) await nextTurn()
    yield* await db
      .selectFrom('items')
      .selectAll()
      .where('id', 'in', ids.slice(at, at + ROWS_PAGE))
      .execute()
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
  const events = await ndb.selectFrom('notify_events').select(['item_id', 'feed_id', 'stamp']).where('id', 'in', ids).execute()
  const stamp = now.toISOString()
  const told = new Set<string>()
  let looked = 0
  for await (const row of rowsOf(db, await idsOf(db, events))) {
    // Two lookups per item, each a synchronous statement on SQLite: requests get a turn every 10 items.
    if (++looked % 10 === 0) await nextTurn()
    if (!tellable(row, stamp)) continue
    const reaches = reachOf(row)
    const emails = await emailFollowersOf(ndb, row, stamp, reaches)
    for (let at = 0; at < emails.length; at += CHUNK)
      await ndb
        .insertInto('email_told')
        .values(emails.slice(at, at + CHUNK))
        .onConflict((oc) => oc.columns(['subscription_id', 'item_id', 'version']).doNothing())
        .execute()
    const rows = await followersOf(ndb, row, stamp, reaches)
    for (let at = 0; at < rows.length; at += CHUNK) {
      const fresh = await ndb
        .insertInto('push_told')
        .values(rows.slice(at, at + CHUNK))
        .onConflict((oc) => oc.columns(['subscription_id', 'item_id', 'version']).doNothing())
        .returning('subscription_id')
        .execute()
      const subscribers = [...new Set(fresh.map((entry) => entry.subscription_id))].filter((id) => !told.has(id))
      for (const id of subscribers) told.add(id)
      await startBursts(ndb, subscribers, new Date(now.getTime() + options.burstMs).toISOString())
      // node:sqlite runs each statement on this thread: requests get a turn between chunks (a national alert is 200).
      await nextTurn()
    }
  }
  await ndb.deleteFrom('notify_events').where('id', 'in', ids).execute()
  return { events: ids.length, told: told.size }
}

/** An outbox row per subscriber, due at the burst's end; one already waiting keeps its time. */
async function startBursts(db: NotifyDb, subscribers: string[], due: string): Promise<void> {
  for (let at = 0; at < subscribers.length; at += CHUNK) {
    const values = subscribers.slice(at, at + CHUNK).map((id) => ({ subscription_id: id, due_at: due }))
    if (values.length)
      await db
        .insertInto('push_outbox')
        .values(values)
        .onConflict((oc) => oc.column('subscription_id').doNothing())
        .execute()
  }
}
