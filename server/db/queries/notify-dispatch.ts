// The notifier's dispatch (server/notify/dispatch.ts): queued item writes (notify_events), the follows an item may
// reach, what each follower is told (push_told, email_told) and their outbox rows (push_outbox).
import { sql } from 'kysely'
import type { Db } from '../index.ts'
import type { ItemRow } from '../schema.ts'
import { URGENT_RANK } from './notify-claims.ts'
import { notifyDb, type NotifyDb } from './notify-tables.ts'

export type QueuedWrite = { item_id: number | null; feed_id: string | null; stamp: string | null; created_at: string }

/** Queues one item write (staff's item, or a feed run's stamp) for the notifier. */
export async function queueWrite(db: Db, row: QueuedWrite): Promise<void> {
  await notifyDb(db).insertInto('notify_events').values(row).execute()
}

/** The claimed writes' items: a staff write's item id, a feed run's feed and stamp. */
export function queuedWrites(db: NotifyDb, ids: number[]): Promise<Omit<QueuedWrite, 'created_at'>[]> {
  return db.selectFrom('notify_events').select(['item_id', 'feed_id', 'stamp']).where('id', 'in', ids).execute()
}

/** Deletes the claimed writes once dispatched. */
export async function deleteWrites(db: NotifyDb, ids: number[]): Promise<void> {
  await db.deleteFrom('notify_events').where('id', 'in', ids).execute()
}

/** The ids of every item a feed run wrote: they carry the run's stamp as updated_at. */
export async function itemsOfRun(db: Db, feedId: string, stamp: string): Promise<number[]> {
  const rows = await db.selectFrom('items').select('id').where('feed_id', '=', feedId).where('updated_at', '=', stamp).execute()
  return rows.map((row) => row.id)
}

/** Whole item rows by id (the caller pages: geometry is most of each row). */
export function itemRows(db: Db, ids: number[]): Promise<ItemRow[]> {
  return db.selectFrom('items').selectAll().where('id', 'in', ids).execute()
}

/** A followed place: a push subscription's place, or a confirmed email subscription (its id as subscription_id). */
export type Follow = { subscription_id: string; place: string; lat: number; lon: number; sections: string; min_rank: number }

/**
 * The follows in the item's box, or on its page, from push places or confirmed email subscriptions: candidates the
 * caller checks for reach, section and priority.
 */
export async function followsNear(
  db: Db,
  table: 'push_places' | 'email_subscriptions',
  row: Pick<ItemRow, 'page_name' | 'min_lat' | 'max_lat' | 'min_lon' | 'max_lon'>,
): Promise<Follow[]> {
  const page = row.page_name?.toLowerCase() ?? null
  const id = sql.ref(table === 'push_places' ? 'subscription_id' : 'id')
  const confirmed = table === 'email_subscriptions' ? sql`confirmed_at is not null and ` : sql``
  const onPage = page ? sql` or place = ${page}` : sql``
  const { rows } = await sql<Follow>`
    select ${id} as subscription_id, place, lat, lon, sections, min_rank from ${sql.table(table)}
    where ${confirmed}((lat >= ${row.min_lat} and lat <= ${row.max_lat} and lon >= ${row.min_lon} and lon <= ${row.max_lon})${onPage})`.execute(
    db,
  )
  return rows
}

type Told = { subscription_id: string; item_id: number; version: string; created_at: string }

/** Records what email subscribers are to be told; what one was told before is skipped. */
export async function recordEmailTold(db: NotifyDb, rows: (Told & { sent_at: null })[]): Promise<void> {
  await db
    .insertInto('email_told')
    .values(rows)
    .onConflict((oc) => oc.columns(['subscription_id', 'item_id', 'version']).doNothing())
    .execute()
}

/** Records what push subscribers are to be told; the subscribers of the rows that are new. */
export async function recordPushTold(db: NotifyDb, rows: (Told & { place: string })[]): Promise<string[]> {
  const fresh = await db
    .insertInto('push_told')
    .values(rows)
    .onConflict((oc) => oc.columns(['subscription_id', 'item_id', 'version']).doNothing())
    .returning('subscription_id')
    .execute()
  return fresh.map((entry) => entry.subscription_id)
}

/** The items' priorities, so a pass matches the most pressing first. */
export function itemPriorities(db: Db, ids: number[]): Promise<{ id: number; priority: string }[]> {
  return db.selectFrom('items').select(['id', 'priority']).where('id', 'in', ids).execute()
}

/**
 * An outbox row per subscriber, due at `due` with the item's priority rank. One already waiting keeps its time, but
 * takes the lower rank, and an urgent item (due now) brings its time forward unless the row is backing off after a
 * failure: what waits goes out with it, in one message.
 */
export async function startBursts(db: NotifyDb, subscribers: string[], due: string, rank: number, chunk: number): Promise<void> {
  for (let at = 0; at < subscribers.length; at += chunk) {
    const values = subscribers.slice(at, at + chunk).map((id) => ({ subscription_id: id, due_at: due, priority_rank: rank }))
    if (values.length)
      await db
        .insertInto('push_outbox')
        .values(values)
        .onConflict((oc) =>
          oc.column('subscription_id').doUpdateSet({
            priority_rank: sql<number>`case when excluded.priority_rank < push_outbox.priority_rank then excluded.priority_rank else push_outbox.priority_rank end`,
            due_at: sql<string>`case when excluded.priority_rank <= ${URGENT_RANK} and push_outbox.attempts = 0 and excluded.due_at < push_outbox.due_at then excluded.due_at else push_outbox.due_at end`,
          }),
        )
        .execute()
  }
}
