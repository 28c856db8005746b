// Feed run state: one row per configured feed, claimed by one instance at a time.
import type { Db } from '../index.ts'
import type { FeedRow, FeedsTable } from '../schema.ts'
import type { Updateable } from 'kysely'

/** Adds a row for each configured feed that has none (due at once). */
export async function ensureFeedRows(db: Db, ids: string[], now: Date): Promise<void> {
  for (const id of ids) {
    await db
      .insertInto('feeds')
      .values({ id, next_run_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute()
  }
}

export async function feedRows(db: Db): Promise<Map<string, FeedRow>> {
  const rows = await db.selectFrom('feeds').selectAll().execute()
  return new Map(rows.map((row) => [row.id, row]))
}

export async function feedRow(db: Db, id: string): Promise<FeedRow | null> {
  return (await db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
}

/** Makes a feed due now, unless a run holds it (a staff "run now"; the claim then decides). */
export async function makeFeedDue(db: Db, id: string, now: Date): Promise<void> {
  const stamp = now.toISOString()
  await db
    .updateTable('feeds')
    .set({ next_run_at: stamp })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .execute()
}

/**
 * Takes a due feed for `leaseMs`: one UPDATE that only matches when the feed is due and nobody
 * holds it, so of several instances racing exactly one wins. A crashed holder's lease runs out.
 */
export async function claimFeed(db: Db, id: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  const stamp = now.toISOString()
  const result = await db
    .updateTable('feeds')
    .set({ claimed_until: new Date(now.getTime() + leaseMs).toISOString(), claimed_by: owner, last_run_at: stamp })
    .where('id', '=', id)
    .where('next_run_at', '<=', stamp)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Ends a run: records its outcome and releases the claim (only if this owner still holds it). */
export async function finishFeedRun(db: Db, id: string, owner: string, changes: Updateable<FeedsTable>): Promise<void> {
  await db
    .updateTable('feeds')
    .set({ ...changes, claimed_until: null, claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .execute()
}
