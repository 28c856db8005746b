// Fixed-window counters in the database, so limits hold across several API instances.
import { sql } from 'kysely'
import type { Db } from '../index.ts'

const windowStart = (now: Date, windowSeconds: number): string =>
  new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000).toISOString()

/**
 * Counts one hit in the bucket's current window and returns the window's total.
 * @example await hit(db, 'signin:ip:1.2.3.4', 60, new Date()) // 1, 2, 3…
 */
export async function hit(db: Db, bucket: string, windowSeconds: number, now: Date): Promise<number> {
  const start = windowStart(now, windowSeconds)
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: start, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow()
  return row.hits
}

/**
 * Takes one of the bucket's `limit` places in its current window, in one statement (the upsert only
 * counts while the count is under the limit), so requests arriving together cannot all slip under
 * it: the window's start when a place was free, else null.
 * @example await take(db, 'signin-account:a@b.org:900', 20, 900, new Date()) // '2026-11-22T12:00:00.000Z', … null
 */
export async function take(db: Db, bucket: string, limit: number, windowSeconds: number, now: Date): Promise<string | null> {
  const start = windowStart(now, windowSeconds)
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: start, hits: 1 })
    .onConflict((oc) =>
      oc
        .columns(['bucket', 'window_start'])
        .doUpdateSet({ hits: sql`rate_limits.hits + 1` })
        .where('rate_limits.hits', '<', limit),
    )
    .returning('hits')
    .executeTakeFirst()
  return row ? start : null
}

/** Gives back a place `take` took in the window that starts at `start`. */
export async function giveBack(db: Db, bucket: string, start: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`hits - 1` })
    .where('bucket', '=', bucket)
    .where('window_start', '=', start)
    .where('hits', '>', 0)
    .execute()
}

/** Forgets every window of the buckets (a password reset ends its account's sign-in backoff). */
export async function clearBuckets(db: Db, buckets: readonly string[]): Promise<void> {
  if (buckets.length) await db.deleteFrom('rate_limits').where('bucket', 'in', buckets).execute()
}
