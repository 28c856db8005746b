// Push subscription rows (push_subscriptions, push_places): written whole, each change in one transaction, read by
// whoever holds the subscription's secret (server/notify/subscriptions.ts).
import type { Db } from '../index.ts'
import { notifyDb, type NotifyTables } from './notify-tables.ts'

export type SubscriptionRow = NotifyTables['push_subscriptions']
export type PlaceRow = NotifyTables['push_places']

/** Creates a subscription with its places, replacing any row of the same endpoint. */
export async function insertSubscription(db: Db, row: SubscriptionRow, places: PlaceRow[]): Promise<void> {
  await notifyDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).execute()
      await trx.insertInto('push_subscriptions').values(row).execute()
      await trx.insertInto('push_places').values(places).execute()
    })
}

/** The hash of a subscription's secret, if there is such a subscription. */
export async function secretHashOf(db: Db, id: string): Promise<string | null> {
  const row = await notifyDb(db).selectFrom('push_subscriptions').select('secret_hash').where('id', '=', id).executeTakeFirst()
  return row?.secret_hash ?? null
}

/** A subscription's push endpoint, if there is such a subscription. */
export async function endpointOf(db: Db, id: string): Promise<string | null> {
  const row = await notifyDb(db).selectFrom('push_subscriptions').select('endpoint').where('id', '=', id).executeTakeFirst()
  return row?.endpoint ?? null
}

/** A subscription's language and places (by place name); throws when there is no such subscription. */
export async function subscriptionOf(db: Db, id: string): Promise<{ lang: string; places: PlaceRow[] }> {
  const ndb = notifyDb(db)
  const sub = await ndb.selectFrom('push_subscriptions').select('lang').where('id', '=', id).executeTakeFirstOrThrow()
  const places = await ndb.selectFrom('push_places').selectAll().where('subscription_id', '=', id).orderBy('place').execute()
  return { lang: sub.lang, places }
}

/**
 * Replaces a subscription's language and places, and its endpoint and keys when `push` is given (another
 * subscription of that endpoint is deleted).
 */
export async function updateSubscriptionRows(
  db: Db,
  id: string,
  lang: string,
  places: PlaceRow[],
  push: { endpoint: string; p256dh: string; auth: string } | null,
  stamp: string,
): Promise<void> {
  await notifyDb(db)
    .transaction()
    .execute(async (trx) => {
      if (push) await trx.deleteFrom('push_subscriptions').where('endpoint', '=', push.endpoint).where('id', '!=', id).execute()
      await trx
        .updateTable('push_subscriptions')
        .set({ lang, updated_at: stamp, ...(push ?? {}) })
        .where('id', '=', id)
        .execute()
      await trx.deleteFrom('push_places').where('subscription_id', '=', id).execute()
      await trx.insertInto('push_places').values(places).execute()
    })
}

/** Deletes a subscription; its places, told rows and outbox row go with it. */
export async function deleteSubscriptionRow(db: Db, id: string): Promise<void> {
  await notifyDb(db).deleteFrom('push_subscriptions').where('id', '=', id).execute()
}

/** Subscriptions per place, by place name. */
export async function subscriptionsPerPlace(db: Db): Promise<{ place: string; count: number }[]> {
  const rows = await notifyDb(db)
    .selectFrom('push_places')
    .select((eb) => ['place', eb.fn.countAll<number>().as('count')])
    .groupBy('place')
    .orderBy('place')
    .execute()
  return rows.map((row) => ({ place: row.place, count: Number(row.count) }))
}
