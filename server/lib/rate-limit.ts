// Sign-in and reset limits, counted in the database (see db/queries/rate-limits.ts).
import type { Context } from 'hono'
import { hit } from '../db/queries/rate-limits.ts'
import type { AppEnv } from '../env.ts'

export type Limit = { bucket: string; limit: number; windowSeconds: number }

export const TOO_MANY = 'Too many attempts. Please try again later.'

/** Counts the request in every bucket; the seconds to wait when one is over its limit, else 0. */
export async function overLimit(c: Context<AppEnv>, limits: Limit[]): Promise<number> {
  const now = c.var.deps.now()
  let wait = 0
  for (const { bucket, limit, windowSeconds } of limits) {
    const hits = await hit(c.var.deps.store.db, bucket, windowSeconds, now)
    if (hits > limit) {
      const windowEnd = (Math.floor(now.getTime() / (windowSeconds * 1000)) + 1) * windowSeconds * 1000
      wait = Math.max(wait, Math.ceil((windowEnd - now.getTime()) / 1000))
    }
  }
  if (wait) c.header('Retry-After', String(wait))
  return wait
}

/** Sign-in: 10 tries a minute per address and email, 50 per 15 minutes per address. */
export const signInLimits = (ip: string, email: string): Limit[] => [
  { bucket: `signin:${ip}:${email.toLowerCase()}`, limit: 10, windowSeconds: 60 },
  { bucket: `signin:${ip}`, limit: 50, windowSeconds: 900 },
]

/** Reset mail: 5 an hour per email, 20 an hour per address. */
export const resetLimits = (ip: string, email: string): Limit[] => [
  { bucket: `reset:${email.toLowerCase()}`, limit: 5, windowSeconds: 3600 },
  { bucket: `reset:${ip}`, limit: 20, windowSeconds: 3600 },
]
