// The daily Overpass budget spread over the day: a token bucket refilled with budget/24 requests an hour that holds a
// small burst (a quarter hour's share, at least 3), so no burst can spend the day. Kept in one database row
// (osm_pace, migration 009) as the time the bucket is full again, so restarts and several instances share it.
import type { Db } from '../../db/index.ts'
import { movePace, paceFullAt } from '../../db/queries/osm-pace.ts'

export type Pace = { intervalMs: number; burst: number }

const ROW = 'overpass'
const DAY_MS = 86_400_000
const MIN_BURST = 3
/** Tries against other instances taking the same turn, then a short wait. */
const TRIES = 5

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
    const was = await paceFullAt(db, ROW)
    const after = Math.max(was !== null ? Date.parse(was) : now, now) + pace.intervalMs
    const wait = after - now - pace.burst * pace.intervalMs
    if (wait > 0) return Math.ceil(wait)
    if (await movePace(db, ROW, was, new Date(after).toISOString())) return 0
  }
  return 50
}
