// Runs the configured feeds on their schedules in this instance, one at a time, and the feeds registries list in a
// lane of their own (lanes.ts), until stopped.
import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { ensureFeedRows, feedRows } from '../db/queries/feeds.ts'
import type { Feed, FeedsConfig } from './config.ts'
import { runFeed, type EngineOptions } from './engine.ts'
import { CONFIGURED_LANE, dueFeeds, LISTED_LANE, runLane } from './lanes.ts'
import { registryFeeds } from './registry.ts'
import { runOptions } from './run-options.ts'
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
 * Starts the engine: every few seconds it runs each enabled feed that is due and not claimed by another instance, the
 * configured ones one at a time and the ones registries list in their own lane (two at a time, 30 s of starts a tick),
 * so a registry of slow feeds never holds the alert feeds back; each minute it ends the items of feeds switched off
 * and deletes feed items that ended over an hour ago. A feed's runs never overlap, errors are logged and never end
 * the process, and the timers do not keep Node alive.
 * @example const engine = startFeedEngine(db, loadFeedsConfig(), { allowPrivate: false }); await engine.stop()
 */
export function startFeedEngine(db: Db, config: FeedsConfig, options: FeedEngineOptions): FeedEngine {
  const engine = runOptions(db, config, {
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    allowPrivate: options.allowPrivate,
    ...(options.now ? { now: options.now } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  })
  const configured = config.feeds.filter((feed) => feed.enabled)
  /** Feeds switched off: their items end at the first sweep (store.ts endFeedItems). */
  const off = config.feeds.filter((feed) => !feed.enabled).map((feed) => feed.id)
  const clock = options.now ?? (() => new Date())
  const timers: NodeJS.Timeout[] = []
  let stopped = false
  const running: Promise<void>[] = []
  let lastSweep = 0
  /** Feeds a registry made that already have their feeds row. */
  const known = new Set(config.feeds.map((feed) => feed.id))

  const runOne = async (feed: Feed): Promise<void> => {
    try {
      const outcome = await runFeed(db, feed, engine)
      options.onRun?.(feed.id, outcome)
      if (outcome.state === 'failed') console.error(`feeds: ${feed.id}: ${outcome.error}`)
    } catch (error) {
      console.error(`feeds: ${feed.id}: ${messageOf(error)}`)
    }
  }
  /** The configured lane, and each minute the sweep (which needs the listed feeds that are off or gone). */
  const configuredTick = async (): Promise<void> => {
    const now = clock()
    if (now.getTime() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now.getTime()
      const listed = await registryFeeds(db, config)
      const listedOff = listed.feeds.filter((feed) => !feed.enabled).map((feed) => feed.id)
      await sweepFeedItems(db, now, [...off, ...listedOff, ...listed.gone]).catch((error: unknown) =>
        console.error(`feeds: expiry sweep failed: ${messageOf(error)}`),
      )
    }
    await runLane(dueFeeds(configured, await feedRows(db), clock()), CONFIGURED_LANE, runOne, () => stopped)
  }
  /** The feeds registries list now (server/feeds/registry.ts), the longest waiting first. */
  const listedTick = async (): Promise<void> => {
    const listed = await registryFeeds(db, config)
    const fresh = listed.feeds.map((feed) => feed.id).filter((id) => !known.has(id))
    if (fresh.length) await ensureFeedRows(db, fresh, clock())
    fresh.forEach((id) => known.add(id))
    await runLane(dueFeeds(listed.feeds, await feedRows(db), clock(), true), LISTED_LANE, runOne, () => stopped)
  }
  /** One lane's loop: a tick, then the next one tickMs after it ended. */
  const schedule = (lane: number, tick: () => Promise<void>, delay: number): void => {
    if (stopped) return
    const timer = setTimeout(() => {
      running[lane] = tick()
        .catch((error: unknown) => console.error(`feeds: tick failed: ${messageOf(error)}`))
        .finally(() => {
          if (!stopped) schedule(lane, tick, options.tickMs ?? TICK_MS)
        })
    }, delay)
    timer.unref()
    timers[lane] = timer
  }
  const started = ensureFeedRows(
    db,
    config.feeds.map((feed) => feed.id),
    clock(),
  )
    .then(() => {
      schedule(0, configuredTick, 0)
      schedule(1, listedTick, 0)
    })
    .catch((error: unknown) => console.error(`feeds: could not start: ${messageOf(error)}`))
  return {
    async stop() {
      stopped = true
      await started
      timers.forEach((timer) => clearTimeout(timer))
      await Promise.all(running)
    },
  }
}
