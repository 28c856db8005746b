// Retention (docs/notifications.md): what a subscriber was told is kept NOTIFY_RETENTION_DAYS (30) so it is never told
// twice, then deleted; subscriptions a push service has not accepted a message for in a year are deleted too, and
// email addresses never confirmed are deleted after 7 days.
import type { Db } from '../index.ts'
import { notifyDb } from './notify-tables.ts'

export async function pruneNotify(
  db: Db,
  now: Date,
  retentionDays: number,
): Promise<{ told: number; subscriptions: number; unconfirmed: number }> {
  const ndb = notifyDb(db)
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString()
  const told = await ndb
    .deleteFrom('push_told')
    .where('created_at', '<', before)
    .where('sent_at', 'is not', null)
    .executeTakeFirst()
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString()
  const subscriptions = await ndb
    .deleteFrom('push_subscriptions')
    .where('updated_at', '<', yearAgo)
    .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<', yearAgo)]))
    .executeTakeFirst()
  await ndb.deleteFrom('email_told').where('created_at', '<', before).where('sent_at', 'is not', null).execute()
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString()
  const unconfirmed = await ndb
    .deleteFrom('email_subscriptions')
    .where('confirmed_at', 'is', null)
    .where('created_at', '<', weekAgo)
    .executeTakeFirst()
  return {
    told: Number(told.numDeletedRows),
    subscriptions: Number(subscriptions.numDeletedRows),
    unconfirmed: Number(unconfirmed.numDeletedRows),
  }
}
