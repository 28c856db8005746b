// From the outbox to push services: each claimed subscriber's waiting items become one encrypted message (web-push's
// aes128gcm, VAPID signed), sent through the guarded pool. 404/410 delete the subscription; 429, 5xx and network
// failures back off; quiet hours hold what they cover until they end. Nothing here runs inside an API request.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { fetch } from 'undici'
import webpush from 'web-push'
import { quietUntil } from '../../src/lib/notify/prefs.ts'
import type { Db } from '../db/index.ts'
import { claimOutbox, URGENT_RANK } from '../db/queries/notify-claims.ts'
import {
  deleteSubscriptions,
  markDelivered,
  markToldDone,
  settleOutbox,
  subscriptionsByIds,
  toldItems,
  waitingFor,
  type PushSubscriptionKeys,
  type ToldItemRow,
  type Waiting,
} from '../db/queries/notify-send.ts'
import { notifyDb, type NotifyDb } from '../db/queries/notify-tables.ts'
import { encrypt, encryptWorkers } from './encrypt-pool.ts'
import { endpointShapeProblem, keysProblem, pushAgent } from './endpoint.ts'
import type { Vapid } from './keys.ts'
import { pushMessage, type PushMessage } from './message.ts'

/** Attempts before a burst is given up. */
export const MAX_ATTEMPTS = 8
const TTL_SECONDS = 12 * 3600
const CHUNK = 500

/** Wait before attempt n+1: 30 s doubling, at most an hour. */
export const backoffMs = (attempts: number): number => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1))

export type SendOptions = {
  owner: string
  vapid: Vapid
  siteUrl: string
  allowPrivate: boolean
  burstMs: number
  batch?: number
  concurrency?: number
  timeoutMs?: number
  /** Encryption threads (server/notify/encrypt-pool.ts); 0 encrypts on this thread. */
  encryptWorkers?: number
}
export type SendSummary = { sent: number; held: number; gone: number; failed: number }

/**
 * VAPID headers per push service origin, reused for an hour (signing each message costs more than encrypting it).
 * Real time, not the injected clock: push services check the token's expiry against theirs.
 */
const vapidCache = new Map<string, { headers: Record<string, string>; until: number }>()
function vapidHeaders(endpoint: string, vapid: Vapid, now: number): Record<string, string> {
  const audience = new URL(endpoint).origin
  const key = `${vapid.publicKey}|${audience}`
  const known = vapidCache.get(key)
  if (known && known.until > now) return known.headers
  const expires = Math.floor(now / 1000) + 12 * 3600
  const headers = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    expires,
  ) as Record<string, string>
  if (vapidCache.size > 1000) vapidCache.clear()
  vapidCache.set(key, { headers, until: now + 3_600_000 })
  return headers
}

type Outcome = 'sent' | 'gone' | 'retry' | 'drop' | { wait: number }

/**
 * Push service origins that answered 429, and until when (ms, the notifier's clock) nothing more is sent to them:
 * their Retry-After, else 30 s, at most an hour. What the pause holds is sent after it, its attempts not counted.
 */
const pausedUntil = new Map<string, number>()
const PAUSE_MS = 30_000

/** Retry-After in seconds or as an HTTP date, as ms from `now`; 30 s when absent or unreadable, 1 s to an hour. */
export function retryAfterMs(header: string | null, now: number): number {
  const value = header?.trim() ?? ''
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now
  return Number.isFinite(ms) ? Math.min(3_600_000, Math.max(1000, ms)) : PAUSE_MS
}

/**
 * Sends one encrypted message; what became of it. Never throws: keys that cannot encrypt (stored before they were
 * checked) are 'gone', an endpoint no longer allowed is 'drop', and anything else that fails is 'retry'.
 */
export async function pushTo(
  sub: PushSubscriptionKeys,
  message: PushMessage,
  options: SendOptions,
  now = Date.now(),
): Promise<Outcome> {
  if (endpointShapeProblem(sub.endpoint, true) || keysProblem(sub.p256dh, sub.auth)) return 'gone'
  // Not deleted: an operator who narrowed PUSH_SERVICE_HOSTS by mistake gets the subscriptions back by widening it.
  if (endpointShapeProblem(sub.endpoint, options.allowPrivate)) return 'drop'
  const origin = new URL(sub.endpoint).origin
  const paused = pausedUntil.get(origin) ?? 0
  if (paused > now) return { wait: paused }
  try {
    const details = await encrypt(
      {
        endpoint: sub.endpoint,
        p256dh: sub.p256dh,
        auth: sub.auth,
        payload: JSON.stringify(message),
        ttl: TTL_SECONDS,
        headers: vapidHeaders(sub.endpoint, options.vapid, Date.now()),
      },
      options.encryptWorkers ?? encryptWorkers(),
    )
    const response = await fetch(sub.endpoint, {
      method: 'POST',
      headers: details.headers,
      body: details.body,
      dispatcher: pushAgent(options.allowPrivate),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    await response.body?.cancel()
    if (response.status >= 200 && response.status < 300) return 'sent'
    if (response.status === 404 || response.status === 410) return 'gone'
    if (response.status === 429) {
      // Back-pressure: the whole origin waits, not only this subscriber (one 429 is usually the first of many).
      if (pausedUntil.size > 1000) pausedUntil.clear()
      pausedUntil.set(origin, now + retryAfterMs(response.headers.get('retry-after'), now))
      return 'retry'
    }
    if (response.status >= 500) return 'retry'
    return 'drop'
  } catch {
    return 'retry'
  }
}

/** Runs `work` over `list` with at most `limit` at once. */
async function pool<T>(list: readonly T[], limit: number, work: (value: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < list.length)
      await work(list[next++]!).catch((error: unknown) =>
        console.error('notify: sending failed:', error instanceof Error ? error.message : 'unknown error'),
      )
  }
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker))
}

/** Marks told rows as done (sent, or given up): exactly these, never one that arrived meanwhile. */
async function markDone(db: NotifyDb, rows: readonly Waiting[], stamp: string): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK) {
    await markToldDone(db, rows.slice(at, at + CHUNK), stamp)
    await nextTurn()
  }
}

/**
 * One pass over the due outbox: claims a batch, sends each subscriber one message for what waits outside quiet hours,
 * and settles each row: done, held to the end of quiet hours, retried later, or (subscription gone) deleted. Each
 * subscriber settles alone: whatever fails for one (its keys, its push service, an exception) is its retry, counted,
 * and never keeps the rest of the batch from settling.
 */
export async function sendDue(db: Db, now: Date, options: SendOptions): Promise<SendSummary> {
  const ndb = notifyDb(db)
  const summary: SendSummary = { sent: 0, held: 0, gone: 0, failed: 0 }
  const claimed = await claimOutbox(ndb, options.owner, now, options.batch ?? 200)
  if (!claimed.length) return summary
  // Between the batch's statements (run on this thread by node:sqlite), waiting requests get a turn.
  await nextTurn()
  const ids = claimed.map((row) => row.subscription_id)
  const subs = new Map((await subscriptionsByIds(ndb, ids)).map((sub) => [sub.id, sub]))
  const waiting = await waitingFor(ndb, ids)
  const itemIds = [...new Set(waiting.map((row) => row.item_id))]
  const items = new Map<number, ToldItemRow>()
  for (let at = 0; at < itemIds.length; at += CHUNK)
    for (const row of await toldItems(db, itemIds.slice(at, at + CHUNK))) items.set(row.id, row)
  await nextTurn()
  const stamp = now.toISOString()
  const bySub = new Map<string, Waiting[]>()
  for (const row of waiting) bySub.set(row.subscription_id, [...(bySub.get(row.subscription_id) ?? []), row])
  const delivered: string[] = []
  const done: Waiting[] = []
  const gone: string[] = []
  const settle: { id: string; due: string | null; attempts: number; rank: number }[] = []
  const rankOf = new Map(claimed.map((row) => [row.subscription_id, row.priority_rank]))
  const settled = new Set<string>()
  /** A failed try: again after the backoff, or given up (what waited is done) after MAX_ATTEMPTS. */
  const retry = (id: string, attempts: number, rows: readonly Waiting[], heldUntil: string | null): void => {
    summary.failed++
    if (attempts + 1 < MAX_ATTEMPTS)
      settle.push({
        id,
        due: new Date(now.getTime() + backoffMs(attempts + 1)).toISOString(),
        attempts: attempts + 1,
        rank: rankOf.get(id)!,
      })
    else {
      done.push(...rows)
      settle.push({ id, due: heldUntil, attempts: 0, rank: rankOf.get(id)! })
    }
  }
  await pool(claimed, options.concurrency ?? 64, async ({ subscription_id: id, attempts }) => {
    const sub = subs.get(id)
    const rows = bySub.get(id) ?? []
    if (!sub) return
    // Items gone or hidden since are not told; what quiet hours cover waits for their end.
    const live = rows.filter((row) => {
      const item = items.get(row.item_id)
      const ok = item && item.is_active === 1 && item.layer === 0 && (item.expires_at === null || item.expires_at > stamp)
      if (!ok) done.push(row)
      return ok
    })
    let heldUntil: string | null = null
    const ready = live.filter((row) => {
      const until = row.timezone ? quietUntil(now, row.timezone, row.quiet_start, row.quiet_end) : null
      if (until && (!heldUntil || until.toISOString() < heldUntil)) heldUntil = until.toISOString()
      return !until
    })
    if (!ready.length) {
      if (heldUntil) summary.held++
      settle.push({ id, due: heldUntil, attempts: 0, rank: rankOf.get(id)! })
      settled.add(id)
      return
    }
    let outcome: Outcome
    try {
      const message = pushMessage(
        ready.map((row) => ({ place: row.place, row: items.get(row.item_id)! })),
        sub.lang,
        options.siteUrl,
      )
      outcome = await pushTo(sub, message, options, now.getTime())
    } catch (error) {
      console.error('notify: a push message failed:', error instanceof Error ? error.message : 'unknown error')
      outcome = 'retry'
    }
    settled.add(id)
    if (typeof outcome === 'object') {
      // Its push service asked for a pause: held to its end, the attempt not counted.
      summary.held++
      settle.push({ id, due: new Date(outcome.wait).toISOString(), attempts, rank: rankOf.get(id)! })
      return
    }
    if (outcome === 'gone') {
      summary.gone++
      gone.push(id)
      return
    }
    if (outcome === 'retry') {
      retry(id, attempts, ready, heldUntil)
      return
    }
    if (outcome === 'sent') {
      summary.sent++
      delivered.push(id)
    } else summary.failed++
    done.push(...ready)
    if (heldUntil) summary.held++
    settle.push({ id, due: heldUntil, attempts: 0, rank: rankOf.get(id)! })
  })
  // Whoever the pass could not settle (an exception before sending) is a failed try, counted like any other.
  for (const { subscription_id: id, attempts } of claimed)
    if (subs.has(id) && !settled.has(id)) retry(id, attempts, bySub.get(id) ?? [], null)
  await nextTurn()
  await markDone(ndb, done, stamp)
  await nextTurn()
  await markDelivered(ndb, delivered, stamp, CHUNK)
  await deleteSubscriptions(ndb, gone, CHUNK)
  const due = { burst: new Date(now.getTime() + options.burstMs).toISOString(), urgent: stamp, urgentRank: URGENT_RANK }
  await settleOutbox(ndb, settle, due, CHUNK)
  return summary
}
