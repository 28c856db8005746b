// The one call item writers make: a row in notify_events, read later by the notifier (server/notify/dispatch.ts), so
// a write never waits for sending. Staff writes name their item; a feed run names its feed and the run's stamp.
import type { Db } from '../db/index.ts'
import { queueWrite, type QueuedWrite } from '../db/queries/notify-dispatch.ts'

/** Queues an item written by staff (created, saved, unlocked…); failures are logged, never the writer's problem. */
export async function noteItemWrite(db: Db, itemId: number, now: Date): Promise<void> {
  await note(db, { item_id: itemId, feed_id: null, stamp: null, created_at: now.toISOString() })
}

/** Queues every item a feed run added or changed: they carry the run's stamp as updated_at. */
export async function noteFeedRun(db: Db, feedId: string, stamp: string): Promise<void> {
  await note(db, { item_id: null, feed_id: feedId, stamp, created_at: stamp })
}

async function note(db: Db, row: QueuedWrite) {
  try {
    await queueWrite(db, row)
  } catch (error) {
    console.error('notify: queueing a write failed:', error instanceof Error ? error.message : 'unknown error')
  }
}
