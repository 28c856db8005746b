// Sign-in, reset and account limits, counted in the database (see db/queries/rate-limits.ts).
// Every bucket and figure is listed in docs/security.md; keep it in step.
import type { Context } from 'hono'
import { giveBack, hit, take } from '../db/queries/rate-limits.ts'
import type { AppEnv } from '../env.ts'

export type Limit = { bucket: string; limit: number; windowSeconds: number }

/** Seconds until the window that holds `now` ends. */
function untilWindowEnds(now: Date, windowSeconds: number): number {
  const windowEnd = (Math.floor(now.getTime() / (windowSeconds * 1000)) + 1) * windowSeconds * 1000
  return Math.ceil((windowEnd - now.getTime()) / 1000)
}

function answerWait(c: Context<AppEnv>, wait: number): number {
  if (wait) c.header('Retry-After', String(wait))
  return wait
}

/** Counts the request in every bucket; the seconds to wait when one is over its limit, else 0. */
export async function overLimit(c: Context<AppEnv>, limits: Limit[]): Promise<number> {
  const now = c.var.deps.now()
  let wait = 0
  for (const { bucket, limit, windowSeconds } of limits) {
    const hits = await hit(c.var.deps.store.db, bucket, windowSeconds, now)
    if (hits > limit) wait = Math.max(wait, untilWindowEnds(now, windowSeconds))
  }
  return answerWait(c, wait)
}

/** Places taken in limited buckets, to give back when the attempt turns out not to count. */
export type Taken = { bucket: string; start: string }[]

/**
 * Takes a place in every bucket before the attempt is checked (the account backoff): the places,
 * or the seconds to wait when a bucket is full (then nothing stays taken). Each place is one atomic
 * statement, so attempts arriving together get at most `limit` places between them. The longest
 * window goes first and the first full one ends the round: fixed windows nest, so its end is the
 * latest of the full ones, and attempts refused early never hold places a later bucket would count.
 */
export async function takePlaces(c: Context<AppEnv>, limits: Limit[]): Promise<{ taken: Taken } | { wait: number }> {
  const now = c.var.deps.now()
  const taken: Taken = []
  for (const { bucket, limit, windowSeconds } of [...limits].sort((a, b) => b.windowSeconds - a.windowSeconds)) {
    const start = await take(c.var.deps.store.db, bucket, limit, windowSeconds, now)
    if (start === null) {
      await givePlacesBack(c, taken)
      return { wait: answerWait(c, untilWindowEnds(now, windowSeconds)) }
    }
    taken.push({ bucket, start })
  }
  return { taken }
}

/** Gives the places back (a sign-in that succeeded is not a failure). */
export async function givePlacesBack(c: Context<AppEnv>, taken: Taken): Promise<void> {
  for (const { bucket, start } of taken) await giveBack(c.var.deps.store.db, bucket, start)
}

/** Sign-in: 10 tries a minute per address and email, 50 per 15 minutes per address. */
export const signInLimits = (source: string, email: string): Limit[] => [
  { bucket: `signin:${source}:${email.toLowerCase()}`, limit: 10, windowSeconds: 60 },
  { bucket: `signin:${source}`, limit: 50, windowSeconds: 900 },
]

/**
 * Failed sign-ins per account from every address, a stepped backoff: 20 failures in a quarter hour
 * wait for its end, 40 in an hour for the hour's, 80 in a day for the day's. Above the per-address
 * limit, so one address meets its own limit first. Each attempt takes its place before the password
 * is checked and gives it back when it was right, so only failures count.
 */
export const accountLimits = (email: string): Limit[] => [
  { bucket: `signin-account:${email.toLowerCase()}:900`, limit: 20, windowSeconds: 900 },
  { bucket: `signin-account:${email.toLowerCase()}:3600`, limit: 40, windowSeconds: 3600 },
  { bucket: `signin-account:${email.toLowerCase()}:86400`, limit: 80, windowSeconds: 86_400 },
]

/**
 * Reset mail: 5 an hour per email from one address, 20 an hour per address. No limit per email
 * alone: anyone could use it up and keep the owner from resetting from their own address.
 */
export const resetLimits = (source: string, email: string): Limit[] => [
  { bucket: `reset:${source}:${email.toLowerCase()}`, limit: 5, windowSeconds: 3600 },
  { bucket: `reset:${source}`, limit: 20, windowSeconds: 3600 },
]
