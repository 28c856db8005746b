// The daily Overpass budget spread over the day: a token bucket refilled with budget/24 requests an hour that holds a
// small burst (a quarter hour's share, at least 3), so no burst can spend the day. Kept in one database row
// (osm_pace, migration 009) as the time the bucket is full again, so restarts and several instances share it.
import type { Db } from '../../db/index.ts'

export type OsmPaceTable = { id: string; full_at: string }
export type Pace = { intervalMs: number; burst: number }

const ROW = 'overpass'
const DAY_MS = 86_400_000
const MIN_BURST = 3
/** Tries against other instances taking the same turn, then a short wait. */
const TRIES = 5

const tables = (db: Db) => db.withTables<{ osm_pace: OsmPaceTable }>()

/**
 * One request every day/budget, up to a quarter hour's share at once.
 * @example paceOf(1000) // { intervalMs: 86400, burst: 11 }
 */
export function paceOf(dailyBudget: number): Pace {
  const budget = Math.max(1, dailyBudget)
  return { intervalMs: DAY_MS / budget, burst: Math.min(budget, Math.max(MIN_BURST, Math.ceil(budget / 96))) }
}

/**
 * Takes one request from the bucket (GCRA: the bucket is full again at `full_at`; a request moves it one interval
 * later, allowed while it stays within `burst` intervals of now). 0 when taken, else the ms to wait first. The row is
 * changed only where it still holds what was read, so two instances cannot take the same turn.
 */
export async function takeTurn(db: Db, pace: Pace, now: number): Promise<number> {
  for (let tries = 0; tries < TRIES; tries++) {
    const row = await tables(db).selectFrom('osm_pace').select('full_at').where('id', '=', ROW).executeTakeFirst()
    const after = Math.max(row ? Date.parse(row.full_at) : now, now) + pace.intervalMs
    const wait = after - now - pace.burst * pace.intervalMs
    if (wait > 0) return Math.ceil(wait)
    const fullAt = new Date(after).toISOString()
    const taken = row
      ? await tables(db)
          .updateTable('osm_pace')
          .set({ full_at: fullAt })
          .where('id', '=', ROW)
          .where('full_at', '=', row.full_at)
          .returning('id')
          .executeTakeFirst()
      : await tables(db)
          .insertInto('osm_pace')
          .values({ id: ROW, full_at: fullAt })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .returning('id')
          .executeTakeFirst()
    if (taken) return 0
  }
  return 50
}
