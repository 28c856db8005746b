// Starts the feed engine from the API's entry point, unless FEEDS=0.
import type { Config } from '../config.ts'
import type { Db } from '../db/index.ts'
import { feedsEnabled, loadFeedsConfig } from './config.ts'
import { startFeedEngine, type FeedEngine } from './scheduler.ts'

/** Reads the feed configuration (throws on a bad file) and starts the engine; null when FEEDS=0. */
export function startFeeds(db: Db, config: Config, env: Record<string, string | undefined> = process.env): FeedEngine | null {
  if (!feedsEnabled(env)) return null
  const feeds = loadFeedsConfig(env)
  const on = feeds.feeds.filter((feed) => feed.enabled).map((feed) => feed.id)
  console.log(`feeds: ${on.length ? on.join(', ') : 'none enabled'} (User-Agent ${feeds.userAgent})`)
  return startFeedEngine(db, feeds, {
    allowPrivate: config.allowPrivateFetch,
    onRun: (id, outcome) => {
      if (outcome.state === 'stored') {
        const { added, changed, removed } = outcome.summary
        console.log(`feeds: ${id}: ${added} added, ${changed} changed, ${removed} removed`)
      }
    },
  })
}
