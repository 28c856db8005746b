// Claiming queue rows with a lease, as feeds are claimed (server/db/queries/feeds.ts): a conditional update, so two
// instances never take the same row; a row whose lease ran out (its instance died) is taken again.
import { priorityRank } from '../../../src/lib/items.ts'
import type { NotifyDb } from './notify-tables.ts'

export const LEASE_MS = 60_000
/** Warning and above (Critical, Urgent, High, Warning) skip the burst and are claimed in a lane of their own. */
export const URGENT_RANK = priorityRank('Warning')
/** An outbox row's rank while a sender holds it: anything that arrives meanwhile lowers it. */
export const CLAIMED_RANK = 8

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

export type ClaimedOutbox = { subscription_id: string; attempts: number; priority_rank: number }

/**
 * Claims up to `limit` due outbox rows for `owner`, most pressing first: Warning and above (and rows a dead instance
 * left) in their own lane, then the rest by rank and time, so an Info fan-out of any size never holds a Warning for
 * more than one batch.
 */
export async function claimOutbox(db: NotifyDb, owner: string, now: Date, limit: number): Promise<ClaimedOutbox[]> {
  const stamp = now.toISOString()
  const due = (urgent: boolean, count: number) =>
    db
      .selectFrom('push_outbox')
      .select(['subscription_id', 'priority_rank'])
      .where('due_at', '<=', stamp)
      // A row whose claim ran out (its instance died mid-send, its rank unknown since) goes in the urgent lane.
      .where((eb) =>
        urgent
          ? eb.or([eb('priority_rank', '<=', URGENT_RANK), eb('claimed_until', '<=', stamp)])
          : eb.and([eb('priority_rank', '>', URGENT_RANK), eb('claimed_until', 'is', null)]),
      )
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
      .orderBy('priority_rank')
      .orderBy('due_at')
      .limit(count)
      .execute()
  const free = await due(true, limit)
  if (free.length < limit) free.push(...(await due(false, limit - free.length)))
  if (!free.length) return []
  const ranks = new Map(free.map((row) => [row.subscription_id, row.priority_rank]))
  const taken = await db
    .updateTable('push_outbox')
    .set({ claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(), claimed_by: owner, priority_rank: CLAIMED_RANK })
    .where(
      'subscription_id',
      'in',
      free.map((row) => row.subscription_id),
    )
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .returning(['subscription_id', 'attempts'])
    .execute()
  return taken
    .map((row) => ({ ...row, priority_rank: ranks.get(row.subscription_id) ?? CLAIMED_RANK }))
    .sort((a, b) => a.priority_rank - b.priority_rank)
}
