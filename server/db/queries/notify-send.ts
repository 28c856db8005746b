// The push sender's rows (server/notify/send.ts): the claimed subscribers, what waits for them (push_told with its
// place's quiet hours), the items it names, and settling each outbox row after sending.
import { sql } from 'kysely'
import type { Db } from '../index.ts'
import type { ItemRow } from '../schema.ts'
import type { NotifyDb } from './notify-tables.ts'

export type PushSubscriptionKeys = { id: string; endpoint: string; p256dh: string; auth: string; lang: string }

/** The subscriptions' endpoints, keys and language. */
export function subscriptionsByIds(db: NotifyDb, ids: string[]): Promise<PushSubscriptionKeys[]> {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth', 'lang']).where('id', 'in', ids).execute()
}

export type Waiting = {
  subscription_id: string
  item_id: number
  version: string
  place: string
  timezone: string | null
  quiet_start: number | null
  quiet_end: number | null
}

/** What the subscribers were told and not yet sent, each with its place's time zone and quiet hours. */
export function waitingFor(db: NotifyDb, ids: string[]): Promise<Waiting[]> {
  return db
    .selectFrom('push_told as t')
    .leftJoin('push_places as p', (join) =>
      join.onRef('p.subscription_id', '=', 't.subscription_id').onRef('p.place', '=', 't.place'),
    )
    .select(['t.subscription_id', 't.item_id', 't.version', 't.place', 'p.timezone', 'p.quiet_start', 'p.quiet_end'])
    .where('t.subscription_id', 'in', ids)
    .where('t.sent_at', 'is', null)
    .execute()
}

export type ToldItemRow = Pick<
  ItemRow,
  'id' | 'title' | 'state' | 'lines' | 'special_data' | 'priority' | 'data_aspect' | 'is_active' | 'layer' | 'expires_at'
>

/** What a message says of each item (its translations are in its special data), and whether it is still public. */
export function toldItems(db: Db, ids: number[]): Promise<ToldItemRow[]> {
  return db
    .selectFrom('items')
    .select(['id', 'title', 'state', 'lines', 'special_data', 'priority', 'data_aspect', 'is_active', 'layer', 'expires_at'])
    .where('id', 'in', ids)
    .execute()
}

/** Marks told rows as done (sent, or given up): exactly these, never one that arrived meanwhile. */
export async function markToldDone(
  db: NotifyDb,
  rows: readonly Pick<Waiting, 'subscription_id' | 'item_id' | 'version'>[],
  stamp: string,
): Promise<void> {
  await db
    .updateTable('push_told')
    .set({ sent_at: stamp })
    .where((eb) =>
      eb(
        eb.refTuple('subscription_id', 'item_id', 'version'),
        'in',
        rows.map((row) => eb.tuple(row.subscription_id, row.item_id, row.version)),
      ),
    )
    .execute()
}

/** Notes when a push service last accepted a message for each subscription. */
export async function markDelivered(db: NotifyDb, ids: string[], stamp: string, chunk: number): Promise<void> {
  for (let at = 0; at < ids.length; at += chunk)
    await db
      .updateTable('push_subscriptions')
      .set({ last_sent_at: stamp })
      .where('id', 'in', ids.slice(at, at + chunk))
      .execute()
}

/** Deletes subscriptions their push service no longer knows (their places, told rows and outbox row go with them). */
export async function deleteSubscriptions(db: NotifyDb, ids: string[], chunk: number): Promise<void> {
  for (let at = 0; at < ids.length; at += chunk)
    await db
      .deleteFrom('push_subscriptions')
      .where('id', 'in', ids.slice(at, at + chunk))
      .execute()
}

/**
 * Each claimed row: kept for a later time (held or retried) with its rank, else deleted unless something arrived
 * while it was being sent: then due after a new burst, or at `urgentDue` (now) if what arrived is Warning or above.
 * The claim is released either way.
 */
export async function settleOutbox(
  db: NotifyDb,
  rows: { id: string; due: string | null; attempts: number; rank: number }[],
  due: { burst: string; urgent: string; urgentRank: number },
  chunk: number,
): Promise<void> {
  // Rows kept for later, one statement per time, attempts and rank: a push service's pause holds a whole batch
  // to one time (200 statements a pass before).
  const later = new Map<string, { due: string; attempts: number; rank: number; ids: string[] }>()
  for (const row of rows) {
    if (!row.due) continue
    const key = `${row.due}|${row.attempts}|${row.rank}`
    const group = later.get(key) ?? { due: row.due, attempts: row.attempts, rank: row.rank, ids: [] }
    group.ids.push(row.id)
    later.set(key, group)
  }
  for (const group of later.values())
    for (let at = 0; at < group.ids.length; at += chunk)
      await db
        .updateTable('push_outbox')
        .set({
          due_at: group.due,
          attempts: group.attempts,
          priority_rank: sql<number>`case when priority_rank < ${group.rank} then priority_rank else ${group.rank} end`,
          claimed_until: null,
          claimed_by: null,
        })
        .where('subscription_id', 'in', group.ids.slice(at, at + chunk))
        .execute()
  const finished = rows.filter((row) => !row.due).map((row) => row.id)
  for (let at = 0; at < finished.length; at += chunk) {
    const part = finished.slice(at, at + chunk)
    await db
      .deleteFrom('push_outbox')
      .where('subscription_id', 'in', part)
      .where(
        sql<boolean>`not exists (select 1 from push_told t where t.subscription_id = push_outbox.subscription_id and t.sent_at is null)`,
      )
      .execute()
    await db
      .updateTable('push_outbox')
      .set({
        due_at: sql<string>`case when priority_rank <= ${due.urgentRank} then ${due.urgent} else ${due.burst} end`,
        attempts: 0,
        claimed_until: null,
        claimed_by: null,
      })
      .where('subscription_id', 'in', part)
      .execute()
  }
}
