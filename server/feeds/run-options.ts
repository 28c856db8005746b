// What every run of a feed is given, whoever starts it (the scheduler, or staff with "Run now" in routes/feeds.ts):
// a registry's rows are saved and a preferred feed's copies removed the same way on both paths.
import type { Db } from '../db/index.ts'
import type { FeedsConfig } from './config.ts'
import type { EngineOptions } from './engine.ts'
import { preferredBy } from './incremental.ts'
import { saveRegistryRows } from './registry.ts'

export type RunOptions = Pick<EngineOptions, 'owner' | 'allowPrivate'> & Partial<Pick<EngineOptions, 'now' | 'fetchImpl'>>

/**
 * The engine options of a configuration: its User-Agent, the feeds' preferences, and the registry rows' keeper.
 * @example await runFeed(db, feed, runOptions(db, config, { owner: 'host:1:staff', allowPrivate: false }))
 */
export function runOptions(db: Db, config: FeedsConfig, options: RunOptions): EngineOptions {
  return {
    owner: options.owner,
    userAgent: config.userAgent,
    allowPrivate: options.allowPrivate,
    ...(options.now ? { now: options.now } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    preferredBy: preferredBy(config.feeds),
    onFeeds: (feed, rows, now) => saveRegistryRows(db, feed.id, rows, now),
  }
}
