// Runs the configured feeds on their schedules in this instance, one at a time, until stopped.
import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { ensureFeedRows, feedRows } from '../db/queries/feeds.ts'
import type { FeedsConfig } from './config.ts'
import { runFeed, type EngineOptions } from './engine.ts'
import { preferredBy } from './incremental.ts'
import { registryFeeds, saveRegistryRows } from './registry.ts'
import { sweepFeedItems } from './store.ts'

export const TICK_MS = 5000
const SWEEP_EVERY_MS = 60_000

export type FeedEngine = { stop(): Promise<void> }
export type FeedEngineOptions = Partial<Pick<EngineOptions, 'now' | 'fetchImpl'>> & {
  allowPrivate: boolean
  tickMs?: number
  /** Called after each run (logs; tests wait on it). */
  onRun?: (feedId: string, outcome: Awaited<ReturnType<typeof runFeed>>) => void
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : 'unknown error')

/**
 * Starts the engine: every few seconds it runs each enabled feed that is due and not claimed by
 * another instance; each minute it ends the items of feeds switched off and deletes feed items that
 * ended over an hour ago. Runs never overlap, errors are logged and never end the process, and the timer does not keep Node alive.
 * @example const engine = startFeedEngine(db, loadFeedsConfig(), { allowPrivate: false }); await engine.stop()
 */
export function startFeedEngine(db: Db, config: FeedsConfig, options: FeedEngineOptions): FeedEngine {
  const engine: EngineOptions = {
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    userAgent: config.userAgent,
    allowPrivate: options.allowPrivate,
    ...(options.now ? { now: options.now } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    preferredBy: preferredBy(config.feeds),
    onFeeds: (feed, rows, now) => saveRegistryRows(db, feed.id, rows, now),
  }
  const enabled = config.feeds.filter((feed) => feed.enabled)
  /** Feeds switched off: their items end at the first sweep (store.ts endFeedItems). */
  const off = config.feeds.filter((feed) => !feed.enabled).map((feed) => feed.id)
  const clock = options.now ?? (() => new Date())
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  let lastSweep = 0
  /** Feeds a registry made that already have their feeds row. */
  const known = new Set(config.feeds.map((feed) => feed.id))

  const tick = async (): Promise<void> => {
    const now = clock()
    // The feeds registries list (server/feeds/registry.ts): run like configured ones; rows gone end their items.
    const listed = await registryFeeds(db, config)
    const fresh = listed.feeds.map((feed) => feed.id).filter((id) => !known.has(id))
    if (fresh.length) await ensureFeedRows(db, fresh, now)
    fresh.forEach((id) => known.add(id))
    if (now.getTime() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now.getTime()
      const listedOff = listed.feeds.filter((feed) => !feed.enabled).map((feed) => feed.id)
      await sweepFeedItems(db, now, [...off, ...listedOff, ...listed.gone]).catch((error: unknown) =>
        console.error(`feeds: expiry sweep failed: ${messageOf(error)}`),
      )
    }
    const rows = await feedRows(db)
    for (const feed of [...enabled, ...listed.feeds.filter((feed) => feed.enabled)]) {
      if (stopped) return
      const row = rows.get(feed.id)
      if (row && row.next_run_at > clock().toISOString()) continue
      try {
        const outcome = await runFeed(db, feed, engine)
        options.onRun?.(feed.id, outcome)
        if (outcome.state === 'failed') console.error(`feeds: ${feed.id}: ${outcome.error}`)
      } catch (error) {
        console.error(`feeds: ${feed.id}: ${messageOf(error)}`)
      }
    }
  }
  const schedule = (delay: number): void => {
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => console.error(`feeds: tick failed: ${messageOf(error)}`))
        .finally(() => {
          if (!stopped) schedule(options.tickMs ?? TICK_MS)
        })
    }, delay)
    timer.unref()
  }
  running = ensureFeedRows(
    db,
    config.feeds.map((feed) => feed.id),
    clock(),
  )
    .then(() => schedule(0))
    .catch((error: unknown) => console.error(`feeds: could not start: ${messageOf(error)}`))
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
