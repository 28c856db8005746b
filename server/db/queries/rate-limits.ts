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
 * The bucket's count in its current window, without counting a hit.
 * @example await hitsSoFar(db, 'signin-account:a@b.org:900', 900, new Date()) // 0 until failures are counted
 */
export async function hitsSoFar(db: Db, bucket: string, windowSeconds: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart(now, windowSeconds))
    .executeTakeFirst()
  return row?.hits ?? 0
}
