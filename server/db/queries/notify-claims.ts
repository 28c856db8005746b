// Claiming queue rows with a lease, as feeds are claimed (server/db/queries/feeds.ts): a conditional update, so two
// instances never take the same row; a row whose lease ran out (its instance died) is taken again.
import type { NotifyDb } from './notify-tables.ts'

export const LEASE_MS = 60_000

/** Claims up to `limit` notify_events rows for `owner`; their ids, oldest first. */
export async function claimEvents(db: NotifyDb, owner: string, now: Date, limit: number): Promise<number[]> {
  const stamp = now.toISOString()
  const free = await db
    .selectFrom('notify_events')
    .select('id')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .orderBy('id')
    .limit(limit)
    .execute()
  if (!free.length) return []
  const taken = await db
    .updateTable('notify_events')
    .set({ claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(), claimed_by: owner })
    .where(
      'id',
      'in',
      free.map((row) => row.id),
    )
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .returning('id')
    .execute()
  return taken.map((row) => Number(row.id)).sort((a, b) => a - b)
}

/** Claims up to `limit` due outbox rows for `owner`: the subscriptions to send to now. */
export async function claimOutbox(
  db: NotifyDb,
  owner: string,
  now: Date,
  limit: number,
): Promise<{ subscription_id: string; attempts: number }[]> {
  const stamp = now.toISOString()
  const free = await db
    .selectFrom('push_outbox')
    .select('subscription_id')
    .where('due_at', '<=', stamp)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .orderBy('due_at')
    .limit(limit)
    .execute()
  if (!free.length) return []
  return db
    .updateTable('push_outbox')
    .set({ claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(), claimed_by: owner })
    .where(
      'subscription_id',
      'in',
      free.map((row) => row.subscription_id),
    )
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .returning(['subscription_id', 'attempts'])
    .execute()
}
